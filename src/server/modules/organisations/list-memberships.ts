import { asc, eq } from "drizzle-orm";
import type { Membership } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { memberships, organisations } from "../../db/schema";
import { toOrganisation } from "./organisation-row";

/** The caller's own memberships, oldest first, so "the first" organisation is stable. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ membership: memberships, organisation: organisations })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organisations.name));
  return rows.map((r) => ({ org_id: r.membership.orgId, role: r.membership.role, onboarded_at: r.membership.onboardedAt?.toISOString() ?? null, organisations: toOrganisation(r.organisation) }));
}
