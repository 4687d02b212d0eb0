import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { memberships, organisations, tasks, user } from "../../db/schema";
import { call } from "../../testing/http";
import { drainTaskEvents } from "../../testing/task-events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let ada: OrgUser;
let projectId: string;
const db = () => t.services.database.db;

beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
  [owner, other] = await Promise.all([orgUser(t.app, db(), "team-owner"), orgUser(t.app, db(), "team-other")]);
  const member = await signedInUser(t.app, db(), "team-ada");
  await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  ada = { ...member, orgId: owner.orgId, base: owner.base, api: (method, path, body) => call(t.app, method, `${owner.base}${path}`, { cookie: member.cookie, body }) };
  await db().update(organisations).set({ plan: "professional" }).where(eq(organisations.id, owner.orgId));
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Team"), "Launch");
});
afterAll(async () => t?.close());

const taskOf = async (u: { api: OrgUser["api"] }, id: string) => field<Record<string, unknown>>(await u.api("GET", `/tasks/${id}`), "task");

describe("assignees", () => {
  it("assign a member, unassign, refuse anyone else; the author is the creator", async () => {
    const id = await createTaskVia(owner, projectId, "Write the brief", { assignee_id: ada.id });
    expect(await taskOf(ada, id)).toMatchObject({ author_id: owner.id, assignee_id: ada.id });
    expect((await owner.api("PATCH", `/tasks/${id}`, { assignee_id: null })).status).toBe(200);
    expect((await taskOf(owner, id)).assignee_id).toBeNull();
    const stranger = await owner.api("PATCH", `/tasks/${id}`, { assignee_id: other.id });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ error: { fields: { assignee_id: "Not a member of this organisation" } } });
    expect((await owner.api("POST", "/tasks", { project_id: projectId, title: "x", assignee_id: "nobody-at-all" })).status).toBe(400);
  });

  it("a removed member's tasks become unassigned", async () => {
    const temp = await signedInUser(t.app, db(), "team-temp");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: temp.id, role: "member" });
    const id = await createTaskVia(owner, projectId, "Temp's task", { assignee_id: temp.id });
    expect((await owner.api("DELETE", `/members/${temp.id}`)).status).toBeLessThan(300);
    expect((await taskOf(owner, id)).assignee_id).toBeNull();
  });

  it("filters: assigned to me, unassigned, by label, by status and due range", async () => {
    const bug = field<{ id: string }>(await owner.api("POST", "/labels", { name: `Bug ${crypto.randomUUID().slice(0, 4)}`, color: "#dc2626" }), "label");
    const mine = await createTaskVia(owner, projectId, "Ada's bug", { assignee_id: ada.id, label_ids: [bug.id], due_at: "2030-01-10T09:00:00Z" });
    await createTaskVia(owner, projectId, "Nobody's", { due_at: "2030-02-10T09:00:00Z" });
    const ids = async (query: string) => field<{ id: string }[]>(await ada.api("GET", `/tasks?${query}`), "tasks").map((x) => x.id);
    expect(await ids("assignee=me")).toContain(mine);
    expect(await ids("assignee=none")).not.toContain(mine);
    expect(await ids(`label_id=${bug.id}`)).toEqual([mine]);
    expect(await ids(`assignee=${ada.id}&label_id=${bug.id}&status=todo&due_from=2030-01-01T00:00:00Z&due_to=2030-01-31T00:00:00Z`)).toEqual([mine]);
    expect(await ids(`label_id=${bug.id}&status=done`)).toEqual([]);
    expect((await ada.api("GET", "/tasks?status=sleeping")).status).toBe(400);
  });
});

describe("labels", () => {
  it("create, rename, recolour, delete; several per task; names unique per organisation", async () => {
    const name = `Design ${crypto.randomUUID().slice(0, 4)}`;
    const design = field<{ id: string }>(await ada.api("POST", "/labels", { name }), "label");
    const urgent = field<{ id: string }>(await ada.api("POST", "/labels", { name: `Urgent ${crypto.randomUUID().slice(0, 4)}` }), "label");
    expect((await ada.api("POST", "/labels", { name: name.toUpperCase() })).status).toBe(409);
    // Another organisation may use the same name.
    expect((await other.api("POST", "/labels", { name })).status).toBe(201);
    const id = await createTaskVia(ada, projectId, "Labelled", { label_ids: [design.id, urgent.id] });
    expect(new Set((await taskOf(ada, id)).label_ids as string[])).toEqual(new Set([design.id, urgent.id]));
    expect(field<{ name: string; color: string }>(await ada.api("PATCH", `/labels/${design.id}`, { name: `${name}!`, color: "#123456" }), "label")).toMatchObject({ name: `${name}!`, color: "#123456" });
    expect((await ada.api("PATCH", `/labels/${design.id}`, { color: "red" })).status).toBe(400);
    expect((await ada.api("DELETE", `/labels/${design.id}`)).status).toBe(200);
    expect((await taskOf(ada, id)).label_ids).toEqual([urgent.id]);
    // Another organisation's label is not one to put on a task here, nor to edit.
    const theirs = field<{ id: string }>(await other.api("POST", "/labels", { name: `Theirs ${crypto.randomUUID().slice(0, 4)}` }), "label");
    expect((await ada.api("PATCH", `/tasks/${id}`, { label_ids: [theirs.id] })).status).toBe(400);
    expect((await ada.api("DELETE", `/labels/${theirs.id}`)).status).toBe(404);
  });
});

describe("comments", () => {
  it("Markdown kept as written, edit own only, delete own or as owner, keyset pages", async () => {
    const id = await createTaskVia(owner, projectId, "Discuss");
    const first = field<{ id: string }>(await ada.api("POST", `/tasks/${id}/comments`, { body: "**Looks good** <script>x</script>" }), "comment");
    expect((await owner.api("PATCH", `/tasks/${id}/comments/${first.id}`, { body: "Put words in" })).status).toBe(403);
    expect(field<{ body: string; edited_at: string | null }>(await ada.api("PATCH", `/tasks/${id}/comments/${first.id}`, { body: "Looks great" }), "comment")).toMatchObject({ body: "Looks great", edited_at: expect.any(String) });
    const second = field<{ id: string }>(await owner.api("POST", `/tasks/${id}/comments`, { body: "Thanks" }), "comment");
    expect((await ada.api("DELETE", `/tasks/${id}/comments/${second.id}`)).status).toBe(403);
    expect((await owner.api("DELETE", `/tasks/${id}/comments/${first.id}`)).status).toBe(200);
    for (let i = 0; i < 5; i++) await ada.api("POST", `/tasks/${id}/comments`, { body: `Note ${i}` });
    const page1 = (await ada.api("GET", `/tasks/${id}/comments?limit=4`)).body as { comments: { body: string }[]; next_cursor: string };
    const page2 = (await ada.api("GET", `/tasks/${id}/comments?limit=4&cursor=${page1.next_cursor}`)).body as { comments: { body: string }[]; next_cursor: string | null };
    expect([...page1.comments, ...page2.comments].map((c) => c.body)).toEqual(["Thanks", "Note 0", "Note 1", "Note 2", "Note 3", "Note 4"]);
    expect(page2.next_cursor).toBeNull();
    // Newest first (the task page's first page), older on the cursor.
    const latest = (await ada.api("GET", `/tasks/${id}/comments?limit=4&order=newest`)).body as { comments: { body: string }[]; next_cursor: string };
    const older = (await ada.api("GET", `/tasks/${id}/comments?limit=4&order=newest&cursor=${latest.next_cursor}`)).body as { comments: { body: string }[]; next_cursor: string | null };
    expect([...latest.comments, ...older.comments].map((c) => c.body)).toEqual(["Note 4", "Note 3", "Note 2", "Note 1", "Note 0", "Thanks"]);
    expect(older.next_cursor).toBeNull();
    expect((await ada.api("GET", `/tasks/${id}/comments?order=sideways`)).status).toBe(400);
    expect((await ada.api("GET", `/tasks/${id}/comments?cursor=nonsense`)).status).toBe(400);
    expect((await ada.api("POST", `/tasks/${id}/comments`, { body: "   " })).status).toBe(400);
    // Another organisation learns nothing of the task or its comments.
    expect((await other.api("GET", `/tasks/${id}/comments`)).status).toBe(404);
    expect((await call(t.app, "GET", `${other.base}/tasks/${id}/comments`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "POST", `${owner.base}/tasks/${id}/comments`, { cookie: other.cookie, body: { body: "hi" } })).status).toBe(404);
  });

  it("the activity says who did what, in order", async () => {
    const id = await createTaskVia(owner, projectId, "Tracked");
    await owner.api("PATCH", `/tasks/${id}`, { assignee_id: ada.id, priority: "high" });
    await ada.api("PATCH", `/tasks/${id}`, { status: "done" });
    await ada.api("POST", `/tasks/${id}/comments`, { body: "Done it" });
    const activity = field<{ action: string; actor_name: string; details: Record<string, unknown> }[]>(await ada.api("GET", `/tasks/${id}/activity`), "activity");
    expect(activity.map((a) => a.action)).toEqual(["comment.create", "task.update", "task.update", "task.create"]);
    expect(activity[1]!.details).toMatchObject({ changes: { status: { from: "todo", to: "done" } } });
    expect(activity[2]!.details).toMatchObject({ changes: { assignee: { from: null, to: ada.id }, priority: { from: "medium", to: "high" } } });
    expect((await other.api("GET", `/tasks/${id}/activity`)).status).toBe(404);
  });
});

describe("the board", () => {
  const column = async (status: string) => field<{ id: string }[]>(await ada.api("GET", `/tasks/board?status=${status}&project_id=${projectId}&limit=500`), "tasks").map((x) => x.id);

  it("moves cards between columns and keeps the order within one, pre-board ties included", async () => {
    const board = await createProjectVia(owner, await createPlaneVia(owner, "Board"), "Board");
    const [a, b, c] = [await createTaskVia(owner, board, "A"), await createTaskVia(owner, board, "B"), await createTaskVia(owner, board, "C")];
    // Tasks from before the board all share one rank.
    await db().update(tasks).set({ rank: "a0" }).where(eq(tasks.projectId, board));
    const col = async (status: string) => field<{ id: string }[]>(await ada.api("GET", `/tasks/board?status=${status}&project_id=${board}`), "tasks").map((x) => x.id);
    expect((await ada.api("POST", `/tasks/${c}/move`, { status: "todo", after_id: null, before_id: a })).status).toBe(200);
    expect(await col("todo")).toEqual([c, a, b].sort((x, y) => (x === c ? -1 : y === c ? 1 : x < y ? -1 : 1)));
    const order = await col("todo");
    expect(order[0]).toBe(c);
    expect((await ada.api("POST", `/tasks/${order[1]}/move`, { status: "in_progress", after_id: null, before_id: null })).status).toBe(200);
    expect((await ada.api("POST", `/tasks/${order[2]}/move`, { status: "in_progress", after_id: order[1], before_id: null })).status).toBe(200);
    expect(await col("in_progress")).toEqual([order[1], order[2]]);
    expect(await col("todo")).toEqual([c]);
    // A neighbour that is not in that column (any more): the board changed.
    expect((await ada.api("POST", `/tasks/${c}/move`, { status: "in_progress", after_id: c, before_id: null })).status).toBe(400);
    const stale = await ada.api("POST", `/tasks/${c}/move`, { status: "done", after_id: order[1], before_id: null });
    expect(stale.status).toBe(409);
    expect((await other.api("POST", `/tasks/${c}/move`, { status: "done" })).status).toBe(404);
    expect((await ada.api("GET", `/tasks/board?status=todo&cursor=zzz`)).status).toBe(400);
    void column;
  });
});

describe("saved views", () => {
  it("are the user's own", async () => {
    const view = field<{ id: string }>(await ada.api("POST", "/views", { name: "My bugs", query: "assignee=me&label_id=x" }), "view");
    expect(field<{ id: string }[]>(await ada.api("GET", "/views"), "views").map((v) => v.id)).toContain(view.id);
    expect(field<{ id: string }[]>(await owner.api("GET", "/views"), "views").map((v) => v.id)).not.toContain(view.id);
    expect((await owner.api("DELETE", `/views/${view.id}`)).status).toBe(404);
    expect((await ada.api("DELETE", `/views/${view.id}`)).status).toBe(200);
  });
});

describe("repeats", () => {
  it("done makes the next one once, at the rule's next date in the task's zone", async () => {
    // Done on the Monday it was due, the week the clocks go forward in Berlin.
    const realNow = t.services.clock.now;
    t.services.clock.now = () => new Date("2026-03-23T10:00:00Z");
    onTestFinished(() => void (t.services.clock.now = realNow));
    const id = await createTaskVia(owner, projectId, "Weekly review", { due_at: "2026-03-23T08:00:00Z", repeat: { rule: "FREQ=WEEKLY;BYDAY=MO", tz: "Europe/Berlin" }, label_ids: [] });
    expect((await owner.api("PATCH", `/tasks/${id}`, { status: "done" })).status).toBe(200);
    const [done] = await db().select().from(tasks).where(eq(tasks.id, id));
    const [next] = await db().select().from(tasks).where(eq(tasks.id, done!.nextTaskId!));
    // Still 09:00 in Berlin, after the clocks went forward.
    expect(next!.dueAt!.toISOString()).toBe("2026-03-30T07:00:00.000Z");
    expect(next).toMatchObject({ title: "Weekly review", status: "todo", recurrence: "FREQ=WEEKLY;BYDAY=MO", recurrenceTz: "Europe/Berlin" });
    // Undone and done again: no second copy.
    await owner.api("PATCH", `/tasks/${id}`, { status: "todo" });
    await owner.api("PATCH", `/tasks/${id}`, { status: "done" });
    expect(await db().select({ id: tasks.id }).from(tasks).where(and(eq(tasks.orgId, owner.orgId), eq(tasks.title, "Weekly review")))).toHaveLength(2);
    expect((await owner.api("POST", "/tasks", { project_id: projectId, title: "No date", repeat: { rule: "FREQ=DAILY", tz: "UTC" } })).status).toBe(400);
    expect((await owner.api("POST", "/tasks", { project_id: projectId, title: "Bad", due_at: "2026-03-23T08:00:00Z", repeat: { rule: "FREQ=WEEKLY;BYDAY=XX", tz: "UTC" } })).status).toBe(400);
    expect((await owner.api("POST", "/tasks", { project_id: projectId, title: "Bad zone", due_at: "2026-03-23T08:00:00Z", repeat: { rule: "FREQ=DAILY", tz: "Mars/Olympus" } })).status).toBe(400);
  });
});

describe("CSV import", () => {
  it("carries the assignee by email and labels by name, creating missing labels once", async () => {
    const [me] = await db().select({ email: user.email }).from(user).where(eq(user.id, ada.id));
    const res = await owner.api("POST", "/onboarding/import-tasks", {
      rows: [
        { title: "Imported A", project: "Launch", assignee: me!.email.toUpperCase(), labels: "Imported, Ops" },
        { title: "Imported B", project: "Launch", labels: "imported" },
        { title: "Imported C", project: "Launch", assignee: "stranger@example.test" },
      ],
    });
    expect(res.body).toMatchObject({ imported: 2, errors: [{ row: 3, message: 'No member with the email "stranger@example.test"' }] });
    const rows = field<{ title: string; assignee_id: string | null; label_ids: string[] }[]>(await owner.api("GET", "/tasks?q=Imported"), "tasks");
    const a = rows.find((r) => r.title === "Imported A")!;
    const b = rows.find((r) => r.title === "Imported B")!;
    expect(a.assignee_id).toBe(ada.id);
    expect(a.label_ids).toHaveLength(2);
    expect(b.label_ids).toHaveLength(1);
    expect(a.label_ids).toContain(b.label_ids[0]);
  });
});

describe("queued work", () => {
  it("assigning queues one event and answers before anyone is told", async () => {
    await drainTaskEvents(t);
    await createTaskVia(owner, projectId, "Quiet", { assignee_id: owner.id });
    expect(await drainTaskEvents(t)).toBe(0);
    await createTaskVia(owner, projectId, "Loud", { assignee_id: ada.id });
    expect(await drainTaskEvents(t)).toBe(1);
  });
});
