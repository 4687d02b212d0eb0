import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportResult, Task } from "@/shared/work";
import { readImportFile } from "@/web/features/onboarding/lib/read-import-file";
import { tasksCsv } from "@/web/features/tasks/lib/tasks-csv";
import { csvFormatFor } from "@/web/lib/csv-format";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";

// The task export (tasks list, "Export CSV") and the onboarding import are one format: a file
// exported in any language imports back into the same tasks, through the real routes.

let t: TestApp;
let source: OrgUser;
const previousTz = process.env.TZ;

const allTasks = async (u: OrgUser) => field<Task[]>(await u.api("GET", "/tasks?view=all&tz=Europe/Berlin&limit=100"), "tasks");
const comparable = (tasks: Task[]) =>
  tasks
    .map((task) => ({ title: task.title, project: task.projects.name, priority: task.priority, due: task.due_at && new Date(task.due_at).toISOString() }))
    .sort((a, b) => a.title.localeCompare(b.title));

/** What Excel writes when the user saves the opened export again as "CSV (Trennzeichen-getrennt)". */
const asWindows1252 = (text: string) => Uint8Array.from(text.replace(/^\uFEFF/, ""), (ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0)));

async function projectsNamed(u: OrgUser, names: string[]) {
  const plane = await createPlaneVia(u, "Imports");
  return Promise.all(names.map((name) => createProjectVia(u, plane, name)));
}

beforeAll(async () => {
  // A zone with an offset, so local times and noon-UTC bare dates are told apart.
  process.env.TZ = "Europe/Berlin";
  t = await createTestApp();
  source = await orgUser(t.app, t.services.database.db, "csv-source");
  const [office, garden] = await projectsNamed(source, ["Büro", "Garten & Hof"]);
  await createTaskVia(source, office!, "Straße fegen; dann \"Kaffee\", 1,5 l", { priority: "high", due_at: "2026-12-01T12:00:00.000Z" });
  await createTaskVia(source, office!, "Rechnung 12,50 € prüfen", { priority: "low", due_at: "2026-03-04T09:30:00+01:00" });
  await createTaskVia(source, garden!, "=HYPERLINK(\"http://evil.example\")", { due_at: "2026-07-14T00:00:00+02:00" });
  await createTaskVia(source, garden!, "Zwei\nZeilen, ohne Datum");
  await createTaskVia(source, garden!, "-5 Grad: Rosen abdecken", { priority: "high", due_at: "2027-01-31T23:45:00+01:00" });
});
afterAll(async () => {
  await t?.close();
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

describe("CSV export then import", () => {
  // The local time in Berlin, and the import's bare date (noon UTC) as a bare date.
  const cells = { en: ["2026-03-04 09:30", "2026-12-01,"], de: ["04.03.2026 09:30", "01.12.2026;"], fr: ["04/03/2026 09:30", "01/12/2026;"] };
  for (const language of ["en", "de", "fr"] as const) {
    it(`gives the same tasks in ${language}`, async () => {
      const exported = await allTasks(source);
      expect(exported).toHaveLength(5);
      const csv = tasksCsv(exported, csvFormatFor(language));
      for (const cell of cells[language]) expect(csv).toContain(cell);
      const target = await orgUser(t.app, t.services.database.db, `csv-${language}`);
      await projectsNamed(target, ["Büro", "Garten & Hof"]);

      const file = readImportFile(new TextEncoder().encode(csv));
      expect(file.detected).toMatchObject({ delimiter: csvFormatFor(language).delimiter, encoding: "utf-8", dateFormat: csvFormatFor(language).dateFormat });
      expect(file.issues).toEqual([]);
      const res = await target.api("POST", "/onboarding/import-tasks", { rows: file.rows });
      expect(res.body as ImportResult).toEqual({ imported: 5, errors: [] });
      expect(comparable(await allTasks(target))).toEqual(comparable(exported));
    });
  }

  it("gives the same tasks after Excel saved the German export again as Windows-1252", async () => {
    const exported = await allTasks(source);
    const target = await orgUser(t.app, t.services.database.db, "csv-excel");
    await projectsNamed(target, ["Büro", "Garten & Hof"]);
    const file = readImportFile(asWindows1252(tasksCsv(exported, csvFormatFor("de"))));
    expect(file.detected).toMatchObject({ delimiter: ";", encoding: "windows-1252", dateFormat: "DD.MM.YYYY" });
    expect((await target.api("POST", "/onboarding/import-tasks", { rows: file.rows })).body).toEqual({ imported: 5, errors: [] });
    expect(comparable(await allTasks(target))).toEqual(comparable(exported));
  });
});
