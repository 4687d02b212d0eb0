import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Project } from "@/shared/work";
import { projects, tasks } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { toProject } from "./project-row";

export async function listProjects({ db, scope }: Ctx, filter: { planeId?: string; projectIds?: string[]; limit?: number } = {}): Promise<Project[]> {
  const conditions: SQL[] = [eq(projects.orgId, scope.orgId)];
  if (filter.planeId) conditions.push(eq(projects.planeId, filter.planeId));
  if (filter.projectIds) conditions.push(inArray(projects.id, filter.projectIds));
  const rows = await db
    .select()
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.createdAt))
    .limit(filter.limit ?? 500);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ projectId: tasks.projectId, total: sql<number>`count(*)::int`, open: sql<number>`(count(*) filter (where ${tasks.status} <> 'done'))::int` })
    .from(tasks)
    .where(and(eq(tasks.orgId, scope.orgId), inArray(tasks.projectId, rows.map((r) => r.id))))
    .groupBy(tasks.projectId);
  const byProject = new Map(counts.map((c) => [c.projectId, c]));
  return rows.map((r) => toProject(r, byProject.get(r.id)));
}

export async function getProject(ctx: Ctx, projectId: string): Promise<Project | undefined> {
  return (await listProjects(ctx, { projectIds: [projectId] }))[0];
}
