import { eq, sql } from "drizzle-orm";
import { organisations } from "../db/schema";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../testing/work-fixtures";

// Row locks only matter between connections, so these races run on the PostgreSQL server (CI's
// second pass); PGlite runs one transaction at a time. A trigger that sleeps holds a transaction
// open at the moment that matters, so the race happens every time rather than by chance.
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onServer)("work writes racing each other on PostgreSQL", () => {
  let t: TestApp;
  let u: OrgUser;
  let planeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    u = await orgUser(t.app, t.services.database.db, "work-races");
    await t.services.database.db.update(organisations).set({ plan: "professional" }).where(eq(organisations.id, u.orgId));
    planeId = await createPlaneVia(u, "Races");
  });
  afterAll(async () => t?.close());

  const sleepOn = async (table: string, timing: "before insert" | "after update", seconds: number) => {
    const name = `race_sleep_${table}`;
    await t.services.database.db.execute(sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin perform pg_sleep(${seconds}); return new; end $$`));
    await t.services.database.db.execute(sql.raw(`create trigger ${name} ${timing} on ${table} for each row execute function ${name}()`));
    return () => t.services.database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
  };

  it("lets task writes go on while a project is being created", async () => {
    const projectId = await createProjectVia(u, planeId, "Existing");
    const stopSleeping = await sleepOn("projects", "before insert", 1.5);
    const order: string[] = [];
    const creating = u.api("POST", "/projects", { plane_id: planeId, name: "Slow to create" }).then((r) => (order.push("project"), r));
    await new Promise((r) => setTimeout(r, 300));
    const task = await u.api("POST", "/tasks", { project_id: projectId, title: "Not waiting" });
    order.push("task");
    expect(task.status).toBe(201);
    expect((await creating).status).toBe(201);
    await stopSleeping();
    expect(order).toEqual(["task", "project"]);
  });

  // The delete takes the table's exclusive lock first: it waits for the update to commit, then holds
  // back any new read of the table until the delete has committed. A read-back made after the
  // update's commit (the old code) therefore always finds the row gone; one made inside the
  // update's transaction finds it.
  it.each(["tasks", "projects", "planes"] as const)("answers an update of %s that races a delete with the record, never an empty 200", async (table) => {
    const projectId = await createProjectVia(u, planeId, `Doomed ${table}`);
    const taskId = await createTaskVia(u, projectId, "Doomed task");
    const emptyPlaneId = table === "planes" ? await createPlaneVia(u, "Doomed plane") : planeId;
    const target = { tasks: { id: taskId, path: `/tasks/${taskId}`, body: { title: "Renamed" }, key: "task" }, projects: { id: projectId, path: `/projects/${projectId}`, body: { name: "Renamed" }, key: "project" }, planes: { id: emptyPlaneId, path: `/planes/${emptyPlaneId}`, body: { name: "Renamed" }, key: "plane" } }[table];
    const stopSleeping = await sleepOn(table, "after update", 0.5);
    const update = u.api("PATCH", target.path, target.body);
    // The update has run and its trigger sleeps, its transaction open, before the delete asks for its lock.
    await vi.waitFor(
      async () => {
        const sleeping = await t.services.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
        expect((sleeping as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
      },
      { timeout: 2_000, interval: 10 },
    );
    const remove = t.services.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`lock table ${table} in access exclusive mode`));
      await tx.execute(sql.raw(`delete from ${table} where id = '${target.id}'`));
    });
    const [updated] = await Promise.all([update, remove]);
    await stopSleeping();
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ [target.key]: { id: target.id } });
  });
});
