import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createPlaneVia, createProjectVia, orgUser, type OrgUser } from "../testing/work-fixtures";

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

  it("answers an update that races a delete with the record or 404, never an empty 200", async () => {
    const projectId = await createProjectVia(u, planeId, "Doomed");
    const stopSleeping = await sleepOn("projects", "after update", 0.5);
    const update = u.api("PATCH", `/projects/${projectId}`, { name: "Renamed" });
    await new Promise((r) => setTimeout(r, 100));
    const remove = u.api("DELETE", `/projects/${projectId}`);
    const [updated, removed] = await Promise.all([update, remove]);
    await stopSleeping();
    expect(removed.status).toBe(200);
    if (updated.status === 200) expect(updated.body).toMatchObject({ project: { id: projectId, name: "Renamed" } });
    else expect(updated.status).toBe(404);
  });
});
