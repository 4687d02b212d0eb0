import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { histogramsOf } from "../../testing/histograms";

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "counts");
});
afterAll(async () => t.close());

const zones = ["UTC", "Europe/Berlin", "Asia/Kathmandu", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati", "America/Los_Angeles"];
const day = 24 * 3600 * 1000;

/** What the counts must be: the same definitions, counted from the lists themselves. */
async function expectCountsMatchLists() {
  for (const tz of zones) {
    const counts = field<Record<string, number>>(await u.api("GET", `/tasks/counts?tz=${tz}`), "counts");
    for (const view of ["all", "today", "overdue", "done"]) {
      const listed = field<unknown[]>(await u.api("GET", `/tasks?view=${view}&tz=${tz}&limit=100`), "tasks").length;
      expect({ tz, view, n: counts[view] }).toEqual({ tz, view, n: listed });
    }
  }
}

describe("task counts kept by triggers", () => {
  it("stay exact through creates, edits, deletes, a cascade and a bulk import", async () => {
    const planeId = await createPlaneVia(u, "Counting");
    const keep = await createProjectVia(u, planeId, "Keep");
    const drop = await createProjectVia(u, planeId, "Drop");
    const now = Date.now();
    const ids: string[] = [];
    for (const offset of [-3 * day, -day, -3600_000, 0, 3600_000, day, 5 * day]) {
      ids.push(await createTaskVia(u, keep, `t${offset}`, { due_at: new Date(now + offset).toISOString() }));
    }
    ids.push(await createTaskVia(u, keep, "undated"));
    for (let i = 0; i < 3; i++) await createTaskVia(u, drop, `drop${i}`, { due_at: new Date(now - 2 * day).toISOString() });
    await expectCountsMatchLists();

    await u.api("PATCH", `/tasks/${ids[0]}`, { status: "done" });
    await u.api("PATCH", `/tasks/${ids[1]}`, { due_at: new Date(now + 2 * day).toISOString() });
    await u.api("PATCH", `/tasks/${ids[7]}`, { due_at: new Date(now - 4 * day).toISOString() });
    await u.api("PATCH", `/tasks/${ids[5]}`, { due_at: null });
    await u.api("DELETE", `/tasks/${ids[2]}`);
    await u.api("PATCH", `/tasks/${ids[6]}`, { project_id: drop });
    await expectHistogramsMatchTasks();
    await u.api("DELETE", `/projects/${drop}`);
    await expectCountsMatchLists();
    await expectHistogramsMatchTasks();

    const rows = Array.from({ length: 40 }, (_, i) => ({ title: `bulk ${i}`, project: "Keep", due: new Date(now + (i - 20) * day).toISOString().slice(0, 10) }));
    expect(field<number>(await u.api("POST", "/onboarding/import-tasks", { rows }), "imported")).toBe(40);
    await t.services.database.db.execute(sql`update tasks set status = 'done' where org_id = ${u.orgId} and title like 'bulk 1%'`);
    await expectCountsMatchLists();
    await expectHistogramsMatchTasks();
  });
});

/** Both histograms, rebuilt from tasks as migration 0004 does, equal what the triggers kept. */
async function expectHistogramsMatchTasks() {
  const { kept, rebuilt } = await histogramsOf(t.services.database.db, u.orgId);
  expect(kept.length).toBeGreaterThan(10);
  expect(kept).toEqual(rebuilt);
}
