import { and, eq } from "drizzle-orm";
import { MAX_DUE_YEAR, MIN_DUE_YEAR, taskPriorities, type ImportResult, type ImportTasksInput } from "@/shared/work";
import { projects, taskImports, tasks } from "../../db/schema";
import { importedLabelLinks, importMembersByEmail, labelNamesOf } from "./import-team-columns";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { editability } from "../projects/project-limits";

type Priority = (typeof taskPriorities)[number];

/** Dates as people type them in a sheet: 2026-12-01, 2026-12-01T09:00, or with a zone. */
function parseDue(value: string | undefined): Date | null | "invalid" {
  const v = value?.trim();
  if (!v) return null;
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return "invalid";
  // JavaScript rolls 2026-02-30 over to March 2; a day the month does not have is a typo, not a date.
  const [y, m, d] = v.slice(0, 10).split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return "invalid";
  const date = new Date(v.length === 10 ? `${v}T12:00:00Z` : v.replace(" ", "T"));
  // Years outside the range a due date may have (shared/work.ts) would fail the whole import in Postgres.
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < MIN_DUE_YEAR || year > MAX_DUE_YEAR ? "invalid" : date;
}

/** Imports the valid rows in one transaction and says, per row, why any other was left out. */
export async function importTasks({ db, scope, now }: Ctx, input: ImportTasksInput): Promise<ImportResult> {
  const [orgProjects, { isReadOnly }, memberByEmail] = await Promise.all([
    db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.orgId, scope.orgId)),
    editability(db, scope.orgId, now()),
    importMembersByEmail(db, scope.orgId),
  ]);
  const labelsOfRow: string[][] = [];
  const byName = new Map(orgProjects.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const errors: ImportResult["errors"] = [];
  const values: (typeof tasks.$inferInsert)[] = [];
  input.rows.forEach((r, index) => {
    const row = index + 1;
    const title = r.title.trim();
    const projectId = byName.get(r.project.trim().toLowerCase());
    const priority = (r.priority?.trim().toLowerCase() || "medium") as Priority;
    const due = parseDue(r.due);
    if (!title) return errors.push({ row, message: "Title is empty" });
    if (title.length > 500) return errors.push({ row, message: "Title is longer than 500 characters" });
    if (!projectId) return errors.push({ row, message: `No project named "${r.project.trim()}"` });
    if (isReadOnly(projectId)) return errors.push({ row, message: `Project "${r.project.trim()}" is read-only on the Starter plan` });
    if (!taskPriorities.includes(priority)) return errors.push({ row, message: `Priority must be low, medium or high, not "${r.priority}"` });
    if (due === "invalid") return errors.push({ row, message: `Due date "${r.due}" is not a date like 2026-12-31` });
    const assignee = r.assignee?.trim().toLowerCase();
    const assigneeId = assignee ? memberByEmail.get(assignee) : null;
    if (assigneeId === undefined) return errors.push({ row, message: `No member with the email "${r.assignee?.trim()}"` });
    values.push({ orgId: scope.orgId, projectId, title, priority, status: "todo", dueAt: due, authorId: scope.userId, assigneeId });
    labelsOfRow.push(labelNamesOf(r.labels));
  });
  return db.transaction(async (tx) => {
    if (input.import_key) {
      // A second request with this key waits here for the first to commit, then finds its row.
      const [claimed] = await tx
        .insert(taskImports)
        .values({ orgId: scope.orgId, importKey: input.import_key, imported: values.length })
        .onConflictDoNothing()
        .returning({ imported: taskImports.imported });
      if (!claimed) {
        const [earlier] = await tx.select({ imported: taskImports.imported }).from(taskImports).where(and(eq(taskImports.orgId, scope.orgId), eq(taskImports.importKey, input.import_key)));
        return { imported: earlier?.imported ?? 0, errors, repeated: true };
      }
    }
    if (values.length > 0) {
      const rows = await tx.insert(tasks).values(values).returning({ id: tasks.id });
      await importedLabelLinks(tx, scope.orgId, rows.map((r, i) => ({ taskId: r.id, names: labelsOfRow[i] ?? [] })));
      await publishChange(tx, scope.orgId, { entity: "task", id: rows[0]!.id, action: "created" });
    }
    return { imported: values.length, errors };
  });
}
