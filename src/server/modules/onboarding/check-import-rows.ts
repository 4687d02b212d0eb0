import { eq } from "drizzle-orm";
import { priorityOfWord } from "@/shared/priority-words";
import { MAX_DUE_YEAR, MIN_DUE_YEAR, type ImportTasksInput } from "@/shared/work";
import type { Db } from "../../db/client";
import { projects, type PendingImportRow } from "../../db/schema";
import { editability } from "../projects/project-limits";
import { importMembersByEmail, labelNamesOf } from "./import-team-columns";

export type RowProblem = { row: number; message: string };
export type CheckedRows = { valid: PendingImportRow[]; errors: RowProblem[] };

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

/** A row left out and why, in English (the route says it in the reader's language: shared/i18n/messages). */
const problem = (row: number, message: string): RowProblem => ({ row, message });

/**
 * Checks every row of a file against the organisation's projects and plan: the rows to write,
 * and each other row with the reason it is left out. Priorities may be written in English,
 * German or French (hoch, haute…); an empty one is medium.
 */
export async function checkImportRows(db: Db, orgId: string, now: Date, rows: ImportTasksInput["rows"]): Promise<CheckedRows> {
  const [orgProjects, { isReadOnly }, memberByEmail] = await Promise.all([
    db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.orgId, orgId)),
    editability(db, orgId, now),
    importMembersByEmail(db, orgId),
  ]);
  const byName = new Map(orgProjects.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const valid: PendingImportRow[] = [];
  const errors: RowProblem[] = [];
  rows.forEach((r, index) => {
    const row = index + 1;
    const title = r.title.trim();
    const projectName = r.project.trim();
    const projectId = byName.get(projectName.toLowerCase());
    const written = r.priority?.trim() ?? "";
    const priority = written ? priorityOfWord(written) : "medium";
    const due = parseDue(r.due);
    if (!title) return errors.push(problem(row, "Title is empty"));
    if (title.length > 500) return errors.push(problem(row, "Title is longer than 500 characters"));
    if (!projectId) return errors.push(problem(row, `No project named "${projectName}"`));
    if (isReadOnly(projectId)) return errors.push(problem(row, `Project "${projectName}" is read-only on the Starter plan`));
    if (!priority) return errors.push(problem(row, `Priority must be low, medium or high, not "${written}"`));
    if (due === "invalid") return errors.push(problem(row, `Due date "${r.due ?? ""}" is not a date like 2026-12-31`));
    const assignee = r.assignee?.trim().toLowerCase();
    const assigneeId = assignee ? memberByEmail.get(assignee) : null;
    if (assigneeId === undefined) return errors.push(problem(row, `No member with the email "${r.assignee?.trim() ?? ""}"`));
    valid.push([title, projectId, priority, due?.toISOString() ?? null, row, assigneeId, labelNamesOf(r.labels)]);
  });
  return { valid, errors };
}
