import { and, desc, eq, ilike } from "drizzle-orm";
import { projects } from "../../db/schema";
import { containsPattern } from "../../lib/like-pattern";
import type { Ctx } from "../organisations/org-scope";
import { listTasks } from "../tasks/list-tasks";

/** The command palette's search: tasks and projects whose title contains the text. */
export async function searchWork(ctx: Ctx, q: string) {
  const [taskPage, projectRows] = await Promise.all([
    listTasks(ctx, { view: "all", tz: "UTC", q, limit: 8 }),
    ctx.db
      .select({ id: projects.id, name: projects.name, color: projects.color, plane_id: projects.planeId })
      .from(projects)
      .where(and(eq(projects.orgId, ctx.scope.orgId), ilike(projects.name, containsPattern(q))))
      .orderBy(desc(projects.createdAt))
      .limit(8),
  ]);
  return { tasks: taskPage.tasks, projects: projectRows };
}
