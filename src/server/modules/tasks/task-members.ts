import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships } from "../../db/schema";
import { AppError } from "../../lib/errors";

/**
 * Which of these users are members of the organisation now. The rows are locked FOR KEY SHARE,
 * so a removal racing this write waits for it to commit, and then its trigger unassigns them.
 */
export async function membersAmong(tx: Pick<Db, "select">, orgId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.userId, [...userIds])))
    .for("key share");
  return rows.map((r) => r.userId);
}

/** An assignee must be a member of the task's organisation; null (unassigned) always may. */
export async function assertAssignable(tx: Pick<Db, "select">, orgId: string, userId: string | null): Promise<void> {
  if (userId === null) return;
  const [found] = await membersAmong(tx, orgId, [userId]);
  if (!found) throw new AppError("bad_request", "Choose a member of this organisation", { assignee_id: "Not a member of this organisation" });
}

/** Locks the task's row, so a comment or label write and a delete of the task happen one after the other. */
export const lockTaskSql = (taskId: string, orgId: string) => sql`select id from tasks where id = ${taskId} and org_id = ${orgId} for share`;
