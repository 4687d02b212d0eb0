import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_REPORTED_IMPORT_ERRORS } from "@/shared/task-imports";
import type { Db } from "../../db/client";
import { projects, taskImports, type PendingImportRow } from "../../db/schema";
import { isDatabaseUnavailable } from "../../lib/database-errors";
import { publishChange } from "../../lib/events";
import type { Logger } from "../../lib/logger";
import { writeImportedRows } from "./write-imported-rows";

export type RunImportDeps = { db: Db; now: () => Date; logger: Pick<Logger, "warn"> };

/** Rows written per transaction: short enough that other requests interleave, on PGlite's one connection too. */
export const IMPORT_CHUNK_ROWS = 1_000;
const FAILURE = "The import stopped after an unexpected error; the tasks written before it stay";

/**
 * Writes a queued import's rows, a chunk per transaction. Each chunk locks the import's row and
 * goes on from the count it holds, so a second delivery of the job (a restart, a retry) neither
 * writes a row twice nor skips one. A project deleted meanwhile: its rows are reported, not written.
 * Every chunk announces the import's progress on the change feed; the task lists hear once, at the end.
 */
export async function runTaskImport({ db, now, logger }: RunImportDeps, importId: string): Promise<void> {
  const [claimed] = await db
    .update(taskImports)
    .set({ status: "running" })
    .where(and(eq(taskImports.id, importId), inArray(taskImports.status, ["queued", "running"])))
    .returning({ orgId: taskImports.orgId, pending: taskImports.pending, createdBy: taskImports.createdBy });
  if (!claimed) return;
  const { orgId } = claimed;
  const pending: PendingImportRow[] = claimed.pending ?? [];
  let first: string | undefined;
  try {
    for (let more = true; more; ) {
      more = await db.transaction(async (tx) => {
        const [state] = await tx.select({ processed: taskImports.processed, status: taskImports.status, errors: taskImports.errors }).from(taskImports).where(eq(taskImports.id, importId)).for("update");
        if (!state || state.status !== "running") return false;
        const chunk = pending.slice(state.processed, state.processed + IMPORT_CHUNK_ROWS);
        const wanted = [...new Set(chunk.map((r) => r[1]))];
        const present = new Set(wanted.length ? (await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.orgId, orgId), inArray(projects.id, wanted)))).map((p) => p.id) : []);
        const kept = chunk.filter((r) => present.has(r[1]));
        const lost = chunk.filter((r) => !present.has(r[1])).map((r) => ({ row: r[4], message: "The project was deleted during the import" }));
        const written = await writeImportedRows(tx, orgId, claimed.createdBy, kept);
        first ??= written[0];
        const done = state.processed + chunk.length >= pending.length;
        await tx
          .update(taskImports)
          .set({
            processed: state.processed + chunk.length,
            imported: sql`${taskImports.imported} + ${kept.length}`,
            errorCount: sql`${taskImports.errorCount} + ${lost.length}`,
            ...(lost.length ? { errors: [...state.errors, ...lost].sort((a, b) => a.row - b.row).slice(0, MAX_REPORTED_IMPORT_ERRORS) } : {}),
            ...(done ? { status: "done", pending: null, finishedAt: now() } : {}),
          })
          .where(eq(taskImports.id, importId));
        await publishChange(tx, orgId, { entity: "import", id: importId, action: "updated" });
        if (done && first) await publishChange(tx, orgId, { entity: "task", id: first, action: "created" });
        return !done;
      });
    }
  } catch (error) {
    // A database away is passing: the queue delivers the job again, and it goes on where it stopped.
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn("task import failed", { importId, error: error instanceof Error ? error.message : String(error) });
    await db.transaction(async (tx) => {
      await tx.update(taskImports).set({ status: "failed", failure: FAILURE, pending: null, finishedAt: now() }).where(and(eq(taskImports.id, importId), eq(taskImports.status, "running")));
      await publishChange(tx, orgId, { entity: "import", id: importId, action: "updated" });
      if (first) await publishChange(tx, orgId, { entity: "task", id: first, action: "created" });
    });
  }
}
