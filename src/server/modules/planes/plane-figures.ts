import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { projectTaskCounts, projects } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";

export type RecentProject = { id: string; name: string; status: string; createdAt: Date };
export type PlaneFigures = { projects: number; activeProjects: number; tasks: number; recent: RecentProject[] };

/**
 * Counts and the three newest projects of a page of planes, aggregated in Postgres: a plane with
 * hundreds of projects sends three rows, not hundreds.
 */
export async function planeFigures({ db, scope }: Ctx, planeIds: string[]): Promise<Map<string, PlaneFigures>> {
  const figures = new Map<string, PlaneFigures>(planeIds.map((id) => [id, { projects: 0, activeProjects: 0, tasks: 0, recent: [] }]));
  if (planeIds.length === 0) return figures;
  const inPlanes = and(eq(projects.orgId, scope.orgId), inArray(projects.planeId, planeIds));
  const ranked = db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      createdAt: projects.createdAt,
      planeId: projects.planeId,
      rank: sql<number>`row_number() over (partition by ${projects.planeId} order by ${projects.createdAt} desc, ${projects.id} desc)`.as("rank"),
    })
    .from(projects)
    .where(inPlanes)
    .as("ranked");
  const [counts, recent] = await Promise.all([
    db
      // One pass over the plane's projects; the task total is the per-project counts the task
      // triggers keep (at most one row a project), summed: not the tasks themselves.
      .select({
        planeId: projects.planeId,
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${projects.status} = 'active'))::int`,
        tasks: sql<number>`coalesce(sum(${projectTaskCounts.total}), 0)::int`,
      })
      .from(projects)
      .leftJoin(projectTaskCounts, and(eq(projectTaskCounts.projectId, projects.id), eq(projectTaskCounts.orgId, scope.orgId)))
      .where(inPlanes)
      .groupBy(projects.planeId),
    db.select().from(ranked).where(lte(ranked.rank, 3)).orderBy(ranked.planeId, ranked.rank),
  ]);
  for (const c of counts) Object.assign(figures.get(c.planeId)!, { projects: c.total, activeProjects: c.active, tasks: c.tasks });
  for (const r of recent) figures.get(r.planeId)!.recent.push({ id: r.id, name: r.name, status: r.status, createdAt: r.createdAt });
  return figures;
}
