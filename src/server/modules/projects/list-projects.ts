import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Project, ProjectPage, projectListQuery } from "@/shared/work";
import { projectTaskCounts, projects } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { editability } from "./project-limits";
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

type IsReadOnly = (projectId: string) => boolean;

/** `isReadOnly`: a caller that has just read the organisation's `editability` passes it, so it is not read again. */
export async function getProject(ctx: Ctx, projectId: string, isReadOnly?: IsReadOnly): Promise<Project | undefined> {
  const rows = await ctx.db.select().from(projects).where(and(eq(projects.orgId, ctx.scope.orgId), eq(projects.id, projectId)));
  return (await withTaskCounts(ctx, rows, isReadOnly))[0];
}

/** The counts the task triggers keep (migration 0009): one row per project, whatever its size. */
async function withTaskCounts({ db, scope, now }: Ctx, rows: (typeof projects.$inferSelect)[], readOnly?: IsReadOnly): Promise<Project[]> {
  if (rows.length === 0) return [];
  const [counts, isReadOnly] = await Promise.all([
    db
      .select({ projectId: projectTaskCounts.projectId, total: projectTaskCounts.total, open: projectTaskCounts.open })
      .from(projectTaskCounts)
      .where(and(eq(projectTaskCounts.orgId, scope.orgId), inArray(projectTaskCounts.projectId, rows.map((r) => r.id)))),
    readOnly ?? editability(db, scope.orgId, now()).then((e) => e.isReadOnly),
  ]);
  const byProject = new Map(counts.map((c) => [c.projectId, c]));
  return rows.map((r) => toProject(r, byProject.get(r.id), isReadOnly(r.id)));
}
