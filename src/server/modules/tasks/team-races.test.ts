import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, memberships, notifications, organisations, tasks } from "../../db/schema";
import { call } from "../../testing/http";
import { drainTaskEvents } from "../../testing/task-events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";

// Row locks only matter between connections: these run on the PostgreSQL server. A trigger that
// sleeps holds the first write's transaction open at the moment that matters (work-races.test.ts).
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onServer)("team work racing on PostgreSQL", () => {
  let t: TestApp;
  let owner: OrgUser;
  let projectId: string;
  const db = () => t.services.database.db;
  beforeAll(async () => {
    t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
    owner = await orgUser(t.app, db(), "team-races");
    await db().update(organisations).set({ plan: "professional" }).where(eq(organisations.id, owner.orgId));
    projectId = await createProjectVia(owner, await createPlaneVia(owner, "Races"), "Races");
  });
  afterAll(async () => t?.close());

  const sleepOn = async (table: string, timing: string, seconds: number) => {
    const name = `team_race_sleep_${table}`;
    await db().execute(sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin perform pg_sleep(${seconds}); return coalesce(new, old); end $$`));
    await db().execute(sql.raw(`create trigger ${name} ${timing} on ${table} for each row execute function ${name}()`));
    return () => db().execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
  // Until the first request sleeps inside its transaction (its locks held), however loaded the machine.
  const pause = async (_ms: number) => {
    for (let i = 0; i < 200; i++) {
      const rows = (await db().execute(sql`select 1 from pg_stat_activity where wait_event = 'PgSleep'`)) as unknown as { rows: unknown[] };
      if (rows.rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it("two people moving the same card: both land, one after the other, and the column stays ordered", async () => {
    const [a, b, c] = [await createTaskVia(owner, projectId, "A"), await createTaskVia(owner, projectId, "B"), await createTaskVia(owner, projectId, "C")];
    const stop = await sleepOn("tasks", "before update", 1);
    try {
      const first = owner.api("POST", `/tasks/${c}/move`, { status: "in_progress", after_id: null, before_id: null });
      await pause(200);
      const second = owner.api("POST", `/tasks/${c}/move`, { status: "todo", after_id: null, before_id: a });
      expect([(await first).status, (await second).status]).toEqual([200, 200]);
    } finally {
      await stop();
    }
    const column = (await owner.api("GET", `/tasks/board?status=todo&project_id=${projectId}`)).body as { tasks: { id: string; rank: string }[] };
    expect(column.tasks.map((x) => x.id)).toEqual([c, a, b]);
    const ranks = column.tasks.map((x) => x.rank);
    expect(new Set(ranks).size).toBe(3);
  });

  it("a comment while the task is deleted: the comment waits and goes with it, or finds it gone (404), never a 500", async () => {
    const id = await createTaskVia(owner, projectId, "Doomed");
    const stop = await sleepOn("comments", "before insert", 1);
    try {
      const commenting = owner.api("POST", `/tasks/${id}/comments`, { body: "Last words" });
      await pause(200);
      const deleting = owner.api("DELETE", `/tasks/${id}`);
      expect((await commenting).status).toBe(201);
      expect((await deleting).status).toBe(200);
    } finally {
      await stop();
    }
    expect(await db().select().from(comments).where(eq(comments.taskId, id))).toHaveLength(0);
    // The other order: the delete holds the row, the comment then finds no task.
    const second = await createTaskVia(owner, projectId, "Doomed too");
    const stopDelete = await sleepOn("tasks", "before delete", 1);
    try {
      const deleting = owner.api("DELETE", `/tasks/${second}`);
      await pause(200);
      const commenting = owner.api("POST", `/tasks/${second}/comments`, { body: "Too late" });
      expect((await deleting).status).toBe(200);
      expect((await commenting).status).toBe(404);
    } finally {
      await stopDelete();
    }
    await drainTaskEvents(t);
  });

  it("a mention of someone removed a moment before: the comment lands, they are neither mentioned nor told", async () => {
    const leaving = await signedInUser(t.app, db(), "team-races-leaving");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: leaving.id, role: "member" });
    const id = await createTaskVia(owner, projectId, "Mention race");
    const stop = await sleepOn("memberships", "before delete", 1);
    try {
      const removing = owner.api("DELETE", `/members/${leaving.id}`);
      await pause(200);
      const commenting = owner.api("POST", `/tasks/${id}/comments`, { body: "@Leaving please look", mentions: [leaving.id] });
      expect((await removing).status).toBeLessThan(300);
      const res = await commenting;
      expect(res.status).toBe(201);
      expect((res.body as { comment: { mentions: string[] } }).comment.mentions).toEqual([]);
    } finally {
      await stop();
    }
    await drainTaskEvents(t);
    expect(await db().select().from(notifications).where(eq(notifications.userId, leaving.id))).toHaveLength(0);
    // Mentioned while a member, removed before the fan-out ran: still told nothing.
    const late = await signedInUser(t.app, db(), "team-races-late");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: late.id, role: "member" });
    await owner.api("POST", `/tasks/${id}/comments`, { body: "@Late", mentions: [late.id] });
    await call(t.app, "DELETE", `${owner.base}/members/${late.id}`, { cookie: owner.cookie });
    await drainTaskEvents(t);
    expect(await db().select().from(notifications).where(eq(notifications.userId, late.id))).toHaveLength(0);
    expect((await db().select({ a: tasks.assigneeId }).from(tasks).where(eq(tasks.id, id)))[0]!.a).toBeNull();
  });
});
