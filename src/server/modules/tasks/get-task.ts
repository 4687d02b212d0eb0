import { and, eq } from "drizzle-orm";
import type { Task } from "@/shared/work";
import type { Db } from "../../db/client";
import { projects, tasks } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { toTask } from "./task-row";

export async function getTask({ db, scope }: { db: Pick<Db, "select">; scope: Ctx["scope"] }, taskId: string): Promise<Task | undefined> {
  const [row] = await db
    .select({ task: tasks, project: { name: projects.name, color: projects.color } })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId)));
  return row ? toTask(row.task, row.project) : undefined;
}
