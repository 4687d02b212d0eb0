import { and, eq } from "drizzle-orm";
import { tasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { assertProjectsEditable } from "../projects/project-limits";
import { recordTaskChange } from "./task-audit";
import { queueTaskCalendarSync } from "../google-calendar/sync-queue";

export async function deleteTask({ db, scope, now }: Pick<Ctx, "db" | "scope" | "now">, taskId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(tasks).where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId))).returning({ id: tasks.id, projectId: tasks.projectId, title: tasks.title });
    if (!row) throw new AppError("not_found", "Task not found");
    await assertProjectsEditable(tx, scope.orgId, [row.projectId], now());
    await recordTaskChange(tx, scope, "task.delete", taskId, { title: row.title });
    await queueTaskCalendarSync(tx, scope.orgId, taskId);
    await publishChange(tx, scope.orgId, { entity: "task", id: taskId, action: "deleted" });
  });
}
