import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Project, ProjectPage, projectListQuery } from "@/shared/work";
import { projects, tasks } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { toProject } from "./project-row";

/** Newest project first, `limit` at a time, optionally one plane's. */
export async function listProjects(ctx: Ctx, query: z.infer<typeof projectListQuery>): Promise<ProjectPage> {
  const conditions: SQL[] = [eq(projects.orgId, ctx.scope.orgId)];
  if (query.plane_id) conditions.push(eq(projects.planeId, query.plane_id));
  if (query.cursor) conditions.push(createdBeyond(projects.createdAt, projects.id, decodeCreatedCursor(query.cursor), "desc"));
  const rows = await ctx.db
    .select({ project: projects, at: createdAtText(projects.createdAt) })
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = createdPage(rows, query.limit, (r) => ({ at: r.at, id: r.project.id }));
  return { projects: await withTaskCounts(ctx, page.map((r) => r.project)), next_cursor };
}

export async function getProject(ctx: Ctx, projectId: string): Promise<Project | undefined> {
  const rows = await ctx.db.select().from(projects).where(and(eq(projects.orgId, ctx.scope.orgId), eq(projects.id, projectId)));
  return (await withTaskCounts(ctx, rows))[0];
}

async function withTaskCounts({ db, scope }: Ctx, rows: (typeof projects.$inferSelect)[]): Promise<Project[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ projectId: tasks.projectId, total: sql<number>`count(*)::int`, open: sql<number>`(count(*) filter (where ${tasks.status} <> 'done'))::int` })
    .from(tasks)
    .where(and(eq(tasks.orgId, scope.orgId), inArray(tasks.projectId, rows.map((r) => r.id))))
    .groupBy(tasks.projectId);
  const byProject = new Map(counts.map((c) => [c.projectId, c]));
  return rows.map((r) => toProject(r, byProject.get(r.id)));
}
