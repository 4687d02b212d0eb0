import { asc, eq } from "drizzle-orm";
import type { Member } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { memberships, user } from "../../db/schema";
import { requireMembership } from "./require-membership";

export async function listMembers(db: Db, ctx: { userId: string; orgId: string }): Promise<Member[]> {
  const scope = await requireMembership(db, ctx.userId, ctx.orgId);
  const rows = await db
    .select({ user_id: user.id, name: user.name, email: user.email, role: memberships.role })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(memberships.orgId, scope.orgId))
    .orderBy(asc(memberships.createdAt));
  return rows;
}
