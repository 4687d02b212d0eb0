import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task, TaskCounts, TaskPage } from "@/shared/work";
import { tasks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let project: string;
let foreignProject: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "tasks"), orgUser(t.app, db, "tasks-other")]);
  project = await createProjectVia(u, await createPlaneVia(u, "Tasks"), "Errands");
  foreignProject = await createProjectVia(other, await createPlaneVia(other, "Theirs"), "Their errands");
});
afterAll(async () => t?.close());

describe("tasks", () => {
  it("are created, read, listed, updated, completed and deleted", async () => {
    const due = "2026-05-01T09:00:00.000Z";
    const created = await u.api("POST", "/tasks", { title: " Buy rope ", project_id: project, priority: "high", due_at: due, description: "Ten metres" });
    expect(created.status).toBe(201);
    const task = field<Task>(created, "task");
    expect(task).toMatchObject({ title: "Buy rope", priority: "high", status: "todo", due_at: due, description: "Ten metres", projects: { name: "Errands" } });

    expect(field<Task>(await u.api("GET", `/tasks/${task.id}`), "task").id).toBe(task.id);
    expect(field<Task[]>(await u.api("GET", `/tasks?project_id=${project}&q=rope`), "tasks").map((x) => x.id)).toEqual([task.id]);
    expect(field<Task[]>(await u.api("GET", `/tasks?q=${encodeURIComponent("%")}`), "tasks")).toHaveLength(0);

    const done = field<Task>(await u.api("PATCH", `/tasks/${task.id}`, { status: "done", title: "Bought rope" }), "task");
    expect(done).toMatchObject({ status: "done", title: "Bought rope", description: "Ten metres", due_at: due, priority: "high" });
    expect(field<Task[]>(await u.api("GET", "/tasks?view=done"), "tasks").map((x) => x.id)).toContain(task.id);
    expect(field<TaskCounts>(await u.api("GET", "/tasks/counts?tz=Europe/Berlin"), "counts")).toMatchObject({ done: 1 });
    expect(field<Task>(await u.api("PATCH", `/tasks/${task.id}`, { due_at: null }), "task").due_at).toBeNull();

    expect((await u.api("DELETE", `/tasks/${task.id}`)).body).toEqual({ ok: true });
    expect((await u.api("GET", `/tasks/${task.id}`)).status).toBe(404);
    expect((await u.api("DELETE", `/tasks/${task.id}`)).status).toBe(404);
  });

  it("reject bad input with the fields at fault", async () => {
    const bad = await u.api("POST", "/tasks", { title: "", project_id: "x", priority: "urgent", due_at: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { error: { fields: object } }).error.fields).sort()).toEqual(["due_at", "priority", "project_id", "title"]);
    const cases: [string, string][] = [
      ["/tasks?tz=Mars/Olympus", "tz"],
      ["/tasks/counts?tz=Nowhere/Land", "tz"],
      ["/tasks?cursor=not-a-cursor", "cursor"],
      [`/tasks?cursor=${Buffer.from(JSON.stringify(["2026-01-01", "drop table"])).toString("base64url")}`, "cursor"],
      ["/tasks?view=someday", "view"],
      ["/tasks?limit=0", "limit"],
      ["/tasks?project_id=abc", "project_id"],
      ["/tasks/abc", "taskId"],
    ];
    for (const [path, key] of cases) {
      const res = await u.api("GET", path);
      expect(res.status, path).toBe(400);
      expect((res.body as { error: { fields: Record<string, string> } }).error.fields, path).toHaveProperty(key);
    }
    const id = await createTaskVia(u, project, "Valid");
    expect((await u.api("PATCH", `/tasks/${id}`, { priority: "whenever" })).body).toMatchObject({ error: { fields: { priority: expect.any(String) } } });
    expect((await u.api("PATCH", `/tasks/${id}`, { title: " " })).status).toBe(400);
  });

  it("answer 404 for an unknown id and another organisation's task, and never point at a foreign project", async () => {
    const theirs = await createTaskVia(other, foreignProject, "Their task");
    for (const id of [randomId(), theirs]) {
      expect((await u.api("GET", `/tasks/${id}`)).status).toBe(404);
      expect((await u.api("PATCH", `/tasks/${id}`, { title: "Mine" })).status).toBe(404);
      expect((await u.api("DELETE", `/tasks/${id}`)).status).toBe(404);
    }
    expect((await u.api("POST", "/tasks", { title: "Sneaky", project_id: foreignProject })).body).toMatchObject({ error: { fields: { project_id: expect.any(String) } } });
    const mine = await createTaskVia(u, project, "Mine");
    expect((await u.api("PATCH", `/tasks/${mine}`, { project_id: foreignProject })).status).toBe(400);
    expect(field<Task[]>(await u.api("GET", `/tasks?project_id=${foreignProject}`), "tasks")).toHaveLength(0);
    expect(field<Task>(await other.api("GET", `/tasks/${theirs}`), "task").title).toBe("Their task");
  });

  it("pages through every task in due order, nulls last, without gaps or repeats", async () => {
    const owner = await orgUser(t.app, t.services.database.db, "pages");
    const p = await createProjectVia(owner, await createPlaneVia(owner, "Pages"), "Paged");
    const base = Date.UTC(2026, 2, 29, 12);
    // Many ties on due_at, so the id tiebreak is what keeps pages apart.
    const values = Array.from({ length: 120 }, (_, i) => ({
      orgId: owner.orgId,
      projectId: p,
      title: `Paged ${i}`,
      dueAt: i % 5 === 0 ? null : new Date(base + ((i * 7919) % 11) * 3_600_000 - (i % 3) * 86_400_000),
    }));
    await t.services.database.db.insert(tasks).values(values);
    const rows = await t.services.database.db.select({ id: tasks.id, dueAt: tasks.dueAt }).from(tasks).where(eq(tasks.orgId, owner.orgId));
    const key = (r: { dueAt: Date | null }) => r.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const expected = rows.sort((x, y) => key(x) - key(y) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)).map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await owner.api("GET", `/tasks?limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      const page = res.body as TaskPage;
      expect(res.status).toBe(200);
      seen.push(...page.tasks.map((x) => x.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual(expected);
    expect(field<TaskCounts>(await owner.api("GET", "/tasks/counts"), "counts").all).toBe(120);
  });
});
