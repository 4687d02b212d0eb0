import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histogramsOf } from "../../testing/histograms";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

// Concurrent imports covering overlapping days used to deadlock in the count triggers (12 at once:
// 14 of 24 failed with 500). Ordered upserts and the retrying transaction helper settle them.
let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_IMPORTS_PER_HOUR: "1000", LIMIT_WRITES_PER_MINUTE: "1000" });
  u = await orgUser(t.app, t.services.database.db, "import-races");
  await createProjectVia(u, await createPlaneVia(u, "Bulk"), "Bulk");
});
afterAll(async () => t?.close());

const day = 24 * 3600 * 1000;
/** 300 rows spread over 400 days, each import starting on another day, in shuffled order. */
const rowsFor = (offset: number) =>
  Array.from({ length: 300 }, (_, i) => ({ title: `Import ${offset}-${i}`, project: "Bulk", due: new Date(Date.UTC(2026, 0, 1) + ((i * 37 + offset * 53) % 400) * day).toISOString().slice(0, 16) + "Z" }));

describe("concurrent imports", () => {
  it("all succeed, and the counts equal the tasks afterwards", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, n) => u.api("POST", "/onboarding/import-tasks", { rows: rowsFor(n) })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(results.map((r) => (r.body as { imported: number }).imported)).toEqual(Array(12).fill(300));
    const counts = field<{ all: number }>(await u.api("GET", "/tasks/counts?tz=Europe/Berlin"), "counts");
    expect(counts.all).toBe(3600);
    const { kept, rebuilt } = await histogramsOf(t.services.database.db, u.orgId);
    expect(kept).toEqual(rebuilt);
  });
});
