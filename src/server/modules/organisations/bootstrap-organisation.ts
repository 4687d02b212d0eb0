import { asc, eq, sql } from "drizzle-orm";
import type { Organisation } from "@/shared/organisations";
import { trialEndsAtFrom } from "@/shared/plans";
import type { Db } from "../../db/client";
import { memberships, organisations } from "../../db/schema";
import { toOrganisation } from "./organisation-row";

/**
 * Gives a user with no membership one organisation, as its owner. Two tabs may call this at
 * once; the per-user advisory lock makes the second wait and then find the first one's result.
 */
export async function bootstrapOrganisation(db: Db, input: { userId: string; orgName: string; now?: Date }): Promise<{ org: Organisation; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"org-bootstrap:" + input.userId}))`);
    const [existing] = await tx
      .select({ organisation: organisations })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.orgId))
      .where(eq(memberships.userId, input.userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (existing) return { org: toOrganisation(existing.organisation), created: false };
    // A new organisation starts a trial of Professional (the landing page's promise).
    const trialEndsAt = trialEndsAtFrom(input.now ?? new Date());
    const [org] = await tx.insert(organisations).values({ name: input.orgName, trialEndsAt }).returning();
    await tx.insert(memberships).values({ orgId: org!.id, userId: input.userId, role: "owner" });
    return { org: toOrganisation(org!), created: true };
  });
}
