import type { z } from "zod";
import type { createTaskInput, Task } from "@/shared/work";
import { tasks } from "../../db/schema";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { assertProjectsEditable } from "../projects/project-limits";
import { projectOfOrg } from "./project-of-org";
import { toTask } from "./task-row";

export async function createTask({ db, scope, now }: Ctx, input: z.infer<typeof createTaskInput>): Promise<Task> {
  return db.transaction(async (tx) => {
    const project = await projectOfOrg(tx, scope.orgId, input.project_id);
    await assertProjectsEditable(tx, scope.orgId, [project.id], now());
    const [row] = await tx
      .insert(tasks)
      .values({
        orgId: scope.orgId,
        projectId: project.id,
        title: input.title,
        description: input.description,
        priority: input.priority,
        status: "todo",
        dueAt: input.due_at ? new Date(input.due_at) : null,
      })
      .returning();
    await publishChange(tx, scope.orgId, { entity: "task", id: row!.id, action: "created" });
    return toTask(row!, project);
  });
}
