import { and, asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Plane, PlanePage, planeListQuery } from "@/shared/work";
import { planes } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { planeFigures } from "./plane-figures";
import { toPlane } from "./plane-row";

/** Oldest plane first (onboarding's Personal before the business one), `limit` at a time. */
export async function listPlanes(ctx: Ctx, query: z.infer<typeof planeListQuery>): Promise<PlanePage> {
  const conditions: SQL[] = [eq(planes.orgId, ctx.scope.orgId)];
  if (query.cursor) conditions.push(createdBeyond(planes.createdAt, planes.id, decodeCreatedCursor(query.cursor), "asc"));
  const rows = await ctx.db
    .select({ plane: planes, at: createdAtText(planes.createdAt) })
    .from(planes)
    .where(and(...conditions))
    .orderBy(asc(planes.createdAt), asc(planes.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = createdPage(rows, query.limit, (r) => ({ at: r.at, id: r.plane.id }));
  return { planes: await withFigures(ctx, page.map((r) => r.plane)), next_cursor };
}

export async function getPlane(ctx: Ctx, planeId: string): Promise<Plane | undefined> {
  const rows = await ctx.db.select().from(planes).where(and(eq(planes.orgId, ctx.scope.orgId), eq(planes.id, planeId)));
  return (await withFigures(ctx, rows))[0];
}

async function withFigures(ctx: Ctx, rows: (typeof planes.$inferSelect)[]): Promise<Plane[]> {
  const figures = await planeFigures(ctx, rows.map((r) => r.id));
  return rows.map((row) => toPlane(row, figures.get(row.id)));
}

