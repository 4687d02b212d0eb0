import type { TaskImport } from "@/shared/task-imports";
import { taskImports } from "../../db/schema";

export const TASK_IMPORT_QUEUE = "task-import";
/** A queued or running import older than this is taken as lost (its worker died), not as running. */
export const IMPORT_STALE_MS = 60 * 60 * 1000;

/** The columns a status answer needs: never the rows waiting to be written. */
export const taskImportColumns = {
  id: taskImports.id,
  status: taskImports.status,
  total: taskImports.total,
  valid: taskImports.valid,
  imported: taskImports.imported,
  errors: taskImports.errors,
  errorCount: taskImports.errorCount,
  failure: taskImports.failure,
  createdAt: taskImports.createdAt,
  finishedAt: taskImports.finishedAt,
};
export type TaskImportRow = { [K in keyof typeof taskImportColumns]: (typeof taskImports.$inferSelect)[K] };

export function taskImportOf(row: TaskImportRow): TaskImport {
  return {
    id: row.id,
    status: row.status as TaskImport["status"],
    total: row.total,
    valid: row.valid,
    imported: row.imported,
    errors: row.errors,
    error_count: row.errorCount,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
