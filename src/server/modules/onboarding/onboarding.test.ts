import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportResult, Plane, Task } from "@/shared/work";
import { planes, tasks } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
let project: string;
const countOf = async (table: typeof planes | typeof tasks, orgId: string) => (await t.services.database.db.select({ n: count() }).from(table).where(eq(table.orgId, orgId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "onboarding");
  project = await createProjectVia(u, await createPlaneVia(u, "Imports"), "Garden");
});
afterAll(async () => t?.close());

describe("default planes", () => {
  it("are made exactly once, even when two tabs ask at the same moment", async () => {
    const fresh = await orgUser(t.app, t.services.database.db, "defaults");
    const [first, second] = await Promise.all([
      fresh.api("POST", "/onboarding/default-planes", { business_name: "Sea Breeze Charters" }),
      fresh.api("POST", "/onboarding/default-planes", { business_name: "Sea Breeze Charters" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([(first.body as { created: boolean }).created, (second.body as { created: boolean }).created].sort()).toEqual([false, true]);
    expect(await countOf(planes, fresh.orgId)).toBe(2);
    const listed = field<Plane[]>(await fresh.api("GET", "/planes"), "planes");
    expect(listed.map((p) => [p.name, p.key, p.type])).toEqual([
      ["Personal", "PERS", "personal"],
      ["Sea Breeze Charters", "BIZ", "business"],
    ]);
    const again = await fresh.api("POST", "/onboarding/default-planes", {});
    expect(again.body).toMatchObject({ created: false });
    expect(await countOf(planes, fresh.orgId)).toBe(2);
  });

  it("take the business name the user typed, and refuse an empty one", async () => {
    const fresh = await orgUser(t.app, t.services.database.db, "business");
    const bad = await fresh.api("POST", "/onboarding/default-planes", { business_name: "   " });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { business_name: expect.any(String) } } });
    expect(await countOf(planes, fresh.orgId)).toBe(0);
    const made = field<Plane[]>(await fresh.api("POST", "/onboarding/default-planes", { business_name: "  Harbour Cafe " }), "planes");
    expect(made[1]!.name).toBe("Harbour Cafe");
    // Afterwards the business plane is renamed like any other.
    expect(field<Plane>(await fresh.api("PATCH", `/planes/${made[1]!.id}`, { name: "Harbour Bistro" }), "plane").name).toBe("Harbour Bistro");
  });
});

describe("CSV import", () => {
  it("imports the valid rows and names each bad row with its number", async () => {
    const before = await countOf(tasks, u.orgId);
    const res = await u.api("POST", "/onboarding/import-tasks", {
      rows: [
        { title: "Sow beans", project: "garden", priority: "High", due: "2026-04-01" },
        { title: "  ", project: "Garden" },
        { title: "Prune roses", project: "Orchard" },
        { title: "Water", project: "Garden", priority: "urgent" },
        { title: "Mow", project: "Garden", due: "next tuesday" },
        { title: "Rake", project: " Garden ", due: "2026-04-02T08:30:00Z" },
        { title: "Weed", project: "Garden", due: "2026-02-30" },
      ],
    });
    expect(res.status).toBe(200);
    const result = res.body as ImportResult;
    expect(result.imported).toBe(2);
    expect(result.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 7]);
    expect(result.errors[0]!.message).toMatch(/empty/i);
    expect(result.errors[1]!.message).toMatch(/Orchard/);
    expect(result.errors[2]!.message).toMatch(/priority/i);
    expect(result.errors[3]!.message).toMatch(/date/i);
    expect(await countOf(tasks, u.orgId)).toBe(before + 2);
    const imported = field<Task[]>(await u.api("GET", `/tasks?project_id=${project}&q=Sow`), "tasks");
    expect(imported[0]).toMatchObject({ title: "Sow beans", priority: "high", status: "todo", due_at: "2026-04-01T12:00:00.000Z" });
  });

  it("imports nothing when every row is bad", async () => {
    const before = await countOf(tasks, u.orgId);
    const res = await u.api("POST", "/onboarding/import-tasks", { rows: [{ title: "", project: "Garden" }, { title: "X", project: "Nowhere" }] });
    expect(res.body).toMatchObject({ imported: 0, errors: [{ row: 1 }, { row: 2 }] });
    expect(await countOf(tasks, u.orgId)).toBe(before);
  });

  it("reads German and French priorities, as people write them", async () => {
    const words = ["hoch", "Mittel", "niedrig", "haute", "Moyenne", "basse", "Élevée", "faible"];
    const res = await u.api("POST", "/onboarding/import-tasks", { rows: words.map((priority) => ({ title: `Prio ${priority}`, project: "Garden", priority })) });
    expect(res.body).toEqual({ imported: 8, errors: [] });
    const imported = field<Task[]>(await u.api("GET", `/tasks?project_id=${project}&q=Prio&limit=20`), "tasks");
    const byTitle = Object.fromEntries(imported.map((t) => [t.title, t.priority]));
    expect(words.map((w) => byTitle[`Prio ${w}`])).toEqual(["high", "medium", "low", "high", "medium", "low", "high", "low"]);
  });

  it("says why a row was left out in the reader's language", async () => {
    const rows = [{ title: "X", project: "Nulle part" }, { title: "Y", project: "Garden", priority: "urgent" }];
    const res = await call(t.app, "POST", `${u.base}/onboarding/import-tasks`, { cookie: u.cookie, body: { rows }, headers: { "accept-language": "fr" } });
    expect(res.body).toEqual({
      imported: 0,
      errors: [
        { row: 1, message: "Aucun projet nommé «\u202fNulle part\u202f»" },
        { row: 2, message: "La priorité doit être basse, moyenne ou haute (ou low, medium, high), pas «\u202furgent\u202f»" },
      ],
    });
  });

  it("refuses an empty file and one of more than 100,000 rows", async () => {
    const tooMany = await u.api("POST", "/onboarding/import-tasks", { rows: Array.from({ length: 100_001 }, () => ({ title: "R", project: "G" })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: { fields: { rows: expect.stringMatching(/100,000/) } } });
    expect((await u.api("POST", "/onboarding/import-tasks", { rows: [] })).status).toBe(400);
    expect((await u.api("POST", "/onboarding/import-tasks", {})).status).toBe(400);
  });
});
