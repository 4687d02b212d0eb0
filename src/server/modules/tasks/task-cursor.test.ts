import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "cursor");
});
afterAll(async () => t.close());

describe("task pages", () => {
  it("never repeat a task whose due date was written with more than millisecond precision", async () => {
    const projectId = await createProjectVia(u, await createPlaneVia(u, "Cursor"), "Precise");
    // Written straight to the database, as a migration or a bulk load might: microseconds apart.
    for (const micro of ["100001", "100002", "100003", "100004"]) {
      await t.services.database.db.execute(
        sql`insert into tasks (org_id, project_id, title, due_at) values (${u.orgId}, ${projectId}, ${"t" + micro}, ${`2026-12-01T10:00:00.${micro}Z`}::timestamptz)`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await u.api("GET", `/tasks?view=all&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...field<{ id: string }[]>(res, "tasks").map((task) => task.id));
      cursor = field<string | null>(res, "next_cursor");
    } while (cursor && seen.length < 10);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });
});
