import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Plane } from "@/shared/work";
import { planes, projects } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { toPlane } from "./plane-row";

/** Planes with project counts and the 3 newest project names, in two indexed queries. */
export async function listPlanes({ db, scope }: Ctx, filter: { planeIds?: string[] } = {}): Promise<Plane[]> {
  const where = filter.planeIds ? and(eq(planes.orgId, scope.orgId), inArray(planes.id, filter.planeIds)) : eq(planes.orgId, scope.orgId);
  const rows = await db.select().from(planes).where(where).orderBy(asc(planes.createdAt), asc(planes.name));
  if (rows.length === 0) return [];
  const briefs = await db
    .select({ id: projects.id, name: projects.name, status: projects.status, createdAt: projects.createdAt, planeId: projects.planeId })
    .from(projects)
    .where(and(eq(projects.orgId, scope.orgId), inArray(projects.planeId, rows.map((r) => r.id))))
    .orderBy(desc(projects.createdAt));
  return rows.map((row) => toPlane(row, briefs.filter((b) => b.planeId === row.id)));
}

export async function getPlane(ctx: Ctx, planeId: string): Promise<Plane | undefined> {
  return (await listPlanes(ctx, { planeIds: [planeId] }))[0];
}
