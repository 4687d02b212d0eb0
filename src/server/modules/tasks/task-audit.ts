import type { AuditAction } from "@/shared/audit";
import { recordAudit } from "../../lib/audit";
import type { Db } from "../../db/client";

/** A task's audit row: the organisation's log, and the task's activity (modules/tasks/task-activity.ts). */
export async function recordTaskChange(tx: Pick<Db, "insert">, scope: { orgId: string; userId: string | null }, action: Extract<AuditAction, `task.${string}` | `comment.${string}`>, taskId: string, details: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action, targetType: "task", targetId: taskId, details });
}
