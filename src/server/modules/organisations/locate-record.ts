import { and, eq } from "drizzle-orm";
import type { LocateQuery, LocateResponse } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { memberships, planes, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";

/**
 * The organisation holding a project or plane, when the user is one of its members. Anything
 * else, an unknown id or another organisation's record, is the same 404: nothing is revealed.
 */
export async function locateRecord(db: Db, userId: string, query: LocateQuery): Promise<LocateResponse> {
  const table = query.project ? projects : planes;
  const id = (query.project ?? query.plane)!;
  const [row] = await db
    .select({ orgId: table.orgId })
    .from(table)
    .innerJoin(memberships, and(eq(memberships.orgId, table.orgId), eq(memberships.userId, userId)))
    .where(eq(table.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", query.project ? "Project not found" : "Plane not found");
  return { org_id: row.orgId };
}
