import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Task, updateTaskInput } from "@/shared/work";
import { tasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { getTask } from "./get-task";
import { assertProjectsEditable } from "../projects/project-limits";
import { projectOfOrg } from "./project-of-org";

export async function updateTask({ db, scope, now }: Ctx, taskId: string, input: z.infer<typeof updateTaskInput>): Promise<Task> {
  return db.transaction(async (tx) => {
    if (input.project_id) await projectOfOrg(tx, scope.orgId, input.project_id);
    const { project_id, due_at, ...rest } = input;
    // Locked, so the project it leaves is the one it is in when the update lands.
    const [before] = await tx.select({ projectId: tasks.projectId }).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId))).for("update");
    if (!before) throw new AppError("not_found", "Task not found");
    // A read-only project's tasks stay where they are, and none move into one.
    await assertProjectsEditable(tx, scope.orgId, [before.projectId, project_id], now());
    const [row] = await tx
      .update(tasks)
      .set({
        ...rest,
        ...(project_id ? { projectId: project_id } : {}),
        ...(due_at !== undefined ? { dueAt: due_at ? new Date(due_at) : null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId)))
      .returning({ id: tasks.id });
    if (!row) throw new AppError("not_found", "Task not found");
    await publishChange(tx, scope.orgId, { entity: "task", id: taskId, action: "updated" });
    return (await getTask({ db: tx, scope }, taskId))!;
  });
}
