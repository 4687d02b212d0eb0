import { and, desc, eq } from "drizzle-orm";
import type { ActivityEntry } from "@/shared/task-team";
import { auditLog, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { getTask } from "./get-task";

const SHOWN = 100;

/**
 * A task's history, newest first: the audit rows its verbs wrote (create, changes, moves, comments,
 * repeats), with the actor's present name. The browser words each one in the reader's language.
 */
export async function taskActivity({ db, scope }: Pick<Ctx, "db" | "scope">, taskId: string): Promise<ActivityEntry[]> {
  if (!(await getTask({ db, scope }, taskId))) throw new AppError("not_found", "Task not found");
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, actorId: auditLog.actorUserId, actorName: user.name, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(eq(auditLog.orgId, scope.orgId), eq(auditLog.targetType, "task"), eq(auditLog.targetId, taskId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(SHOWN);
  return rows.map((r) => ({ id: r.id, action: r.action, actor_id: r.actorId, actor_name: r.actorName, details: r.details, created_at: r.createdAt.toISOString() }));
}
