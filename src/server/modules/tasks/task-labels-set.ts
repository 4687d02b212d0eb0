import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { labels, taskLabels } from "../../db/schema";
import { AppError } from "../../lib/errors";

type Tx = Pick<Db, "select" | "insert" | "delete">;

/** Names of labels, for the activity ("added Bug"): the names as they were when it happened. */
export async function labelNames(tx: Pick<Db, "select">, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ name: labels.name }).from(labels).where(and(eq(labels.orgId, orgId), inArray(labels.id, ids)));
  return rows.map((r) => r.name);
}

/**
 * Sets the task's labels to exactly `ids`, each one of the organisation's own (locked, so a label
 * deleted at the same moment cannot be linked). Answers what was added and removed.
 */
export async function replaceTaskLabels(tx: Tx, orgId: string, taskId: string, ids: string[]): Promise<{ added: string[]; removed: string[] }> {
  if (ids.length > 0) {
    const found = await tx.select({ id: labels.id }).from(labels).where(and(eq(labels.orgId, orgId), inArray(labels.id, ids))).for("key share");
    if (found.length !== ids.length) throw new AppError("bad_request", "Choose labels of this organisation", { label_ids: "Label not found" });
  }
  const before = (await tx.select({ id: taskLabels.labelId }).from(taskLabels).where(eq(taskLabels.taskId, taskId))).map((r) => r.id);
  const added = ids.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !ids.includes(id));
  if (removed.length > 0) await tx.delete(taskLabels).where(and(eq(taskLabels.taskId, taskId), ids.length ? notInArray(taskLabels.labelId, ids) : undefined));
  if (added.length > 0) await tx.insert(taskLabels).values(added.map((labelId) => ({ taskId, labelId, orgId }))).onConflictDoNothing();
  return { added, removed };
}
