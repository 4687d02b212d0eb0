import { and, eq } from "drizzle-orm";
import { isOwnerRole } from "@/shared/constants";
import type { Db } from "../../db/client";
import { memberships } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type OrgScope = { orgId: string; userId: string; role: string; isOwner: boolean };

/** Every org-scoped verb starts here: a non-member learns nothing, not even that the org exists. */
export async function requireMembership(db: Db, userId: string, orgId: string): Promise<OrgScope> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "Organisation not found");
  return { orgId, userId, role: row.role, isOwner: isOwnerRole(row.role) };
}

export async function requireOwner(db: Db, userId: string, orgId: string): Promise<OrgScope> {
  const scope = await requireMembership(db, userId, orgId);
  if (!scope.isOwner) throw new AppError("forbidden", "Only an organisation owner can do this");
  return scope;
}
