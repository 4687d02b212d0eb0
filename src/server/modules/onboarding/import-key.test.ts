import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "import-key");
  await createProjectVia(u, await createPlaneVia(u, "Imports"), "Sheet");
});
afterAll(async () => t?.close());

const rows = Array.from({ length: 40 }, (_, i) => ({ title: `Imported ${i}`, project: "Sheet", due: "2026-12-01" }));
const taskCount = async () => field<unknown[]>(await u.api("GET", "/tasks?limit=100"), "tasks").length;

describe("a retried import", () => {
  it("adds its tasks once, even when the retry races the first request", async () => {
    const body = { rows, import_key: crypto.randomUUID() };
    const [first, second] = await Promise.all([u.api("POST", "/onboarding/import-tasks", body), u.api("POST", "/onboarding/import-tasks", body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const results = [first.body, second.body] as { imported: number; repeated?: boolean }[];
    expect(results.map((r) => r.imported)).toEqual([40, 40]);
    expect(results.filter((r) => r.repeated).length).toBe(1);
    expect(await taskCount()).toBe(40);
    const later = await u.api("POST", "/onboarding/import-tasks", body);
    expect(later.body).toMatchObject({ imported: 40, repeated: true });
    expect(await taskCount()).toBe(40);
  });

  it("imports again under a new key: the same file chosen again is a new import", async () => {
    const before = await taskCount();
    await u.api("POST", "/onboarding/import-tasks", { rows: rows.slice(0, 3), import_key: crypto.randomUUID() });
    expect(await taskCount()).toBe(before + 3);
  });

  it("refuses a malformed key", async () => {
    const res = await u.api("POST", "/onboarding/import-tasks", { rows, import_key: "../../x" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { import_key: "Import key is not valid" } } });
  });
});
