import type { Db } from "../../db/client";
import { tasks, type PendingImportRow } from "../../db/schema";
import { importedLabelLinks } from "./import-team-columns";

/**
 * Writes checked rows as tasks of `orgId` by `authorId` (who imported), with their assignee and
 * labels (missing labels are created): the ids written, in the rows' order.
 */
export async function writeImportedRows(tx: Pick<Db, "insert" | "select">, orgId: string, authorId: string | null, rows: PendingImportRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(tasks)
    .values(rows.map(([title, projectId, priority, due, , assigneeId]) => ({ orgId, projectId, title, priority, status: "todo", dueAt: due ? new Date(due) : null, authorId, assigneeId: assigneeId ?? null })))
    .returning({ id: tasks.id });
  await importedLabelLinks(
    tx,
    orgId,
    written.map((w, i) => ({ taskId: w.id, names: rows[i]?.[6] ?? [] })),
  );
  return written.map((w) => w.id);
}
