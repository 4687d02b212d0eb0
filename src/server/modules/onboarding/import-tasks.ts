import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { IMPORT_INLINE_ROWS, MAX_REPORTED_IMPORT_ERRORS, type TaskImport } from "@/shared/task-imports";
import type { ImportResult, ImportTasksInput } from "@/shared/work";
import { taskImports } from "../../db/schema";
import { publishChange } from "../../lib/events";
import type { Queue } from "../../lib/queue";
import type { Ctx } from "../organisations/org-scope";
import { checkImportRows } from "./check-import-rows";
import { assertWithinImportLimits } from "./import-limits";
import { TASK_IMPORT_QUEUE, taskImportColumns, taskImportOf } from "./task-import-row";
import { writeImportedRows } from "./write-imported-rows";

export type ImportDeps = { queue: Pick<Queue, "ensure" | "send">; rowsPerHour: number };
/** A small file is imported at once; a larger one is queued and reported as it goes. */
export type ImportOutcome = { kind: "done"; result: ImportResult } | { kind: "background"; import: TaskImport };

/**
 * Imports a file's rows: every row is checked first, the valid ones are written, each other row is
 * reported with its reason. Up to IMPORT_INLINE_ROWS in this request's one transaction; more in
 * the background (run-task-import.ts), the job stored in the same transaction as the import's row.
 * An organisation's imports take its lock in turn, so its limits and an import key's retry hold
 * under any race.
 */
export async function importTasks({ db, scope, now }: Ctx, deps: ImportDeps, input: ImportTasksInput): Promise<ImportOutcome> {
  const background = input.rows.length > IMPORT_INLINE_ROWS;
  const checked = await checkImportRows(db, scope.orgId, now(), input.rows);
  if (background) await deps.queue.ensure(TASK_IMPORT_QUEUE);
  // Every import leaves a row (its rows count against the hourly limit); a key the browser chose
  // makes a retry of the same file find it.
  const importKey = input.import_key ?? `auto-${randomUUID()}`;
  const reported = { errors: checked.errors.slice(0, MAX_REPORTED_IMPORT_ERRORS), errorCount: checked.errors.length };
  return db.transaction(async (tx): Promise<ImportOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whq-import:${scope.orgId}`}, 0))`);
    const [earlier] = await tx.select(taskImportColumns).from(taskImports).where(and(eq(taskImports.orgId, scope.orgId), eq(taskImports.importKey, importKey)));
    if (earlier) return earlier.total > IMPORT_INLINE_ROWS ? { kind: "background", import: taskImportOf(earlier) } : { kind: "done", result: { imported: earlier.imported, errors: checked.errors, repeated: true } };
    await assertWithinImportLimits(tx, scope.orgId, input.rows.length, background, now(), deps.rowsPerHour);
    const counts = { total: input.rows.length, valid: checked.valid.length, ...reported };
    if (background) {
      const [row] = await tx
        .insert(taskImports)
        .values({ orgId: scope.orgId, importKey, status: "queued", ...counts, imported: 0, pending: checked.valid, createdBy: scope.userId, createdAt: now() })
        .returning(taskImportColumns);
      await publishChange(tx, scope.orgId, { entity: "import", id: row!.id, action: "created" });
      await deps.queue.send(TASK_IMPORT_QUEUE, { import_id: row!.id }, { tx, key: scope.orgId });
      return { kind: "background", import: taskImportOf(row!) };
    }
    await tx.insert(taskImports).values({ orgId: scope.orgId, importKey, ...counts, processed: checked.valid.length, imported: checked.valid.length, createdBy: scope.userId, createdAt: now(), finishedAt: now() });
    const written = await writeImportedRows(tx, scope.orgId, scope.userId, checked.valid);
    if (written[0]) await publishChange(tx, scope.orgId, { entity: "task", id: written[0], action: "created" });
    return { kind: "done", result: { imported: written.length, errors: checked.errors } };
  });
}
