import { and, eq, sql } from "drizzle-orm";
import { memberships } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";

/** Marks the caller's onboarding in this organisation done; the first time counts, a repeat keeps it. */
export async function completeOnboarding({ db, scope, now }: Ctx): Promise<{ onboarded_at: string }> {
  const [row] = await db
    .update(memberships)
    .set({ onboardedAt: sql`coalesce(${memberships.onboardedAt}, ${now().toISOString()}::timestamptz)` })
    .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.userId, scope.userId)))
    .returning({ onboardedAt: memberships.onboardedAt });
  return { onboarded_at: (row?.onboardedAt ?? now()).toISOString() };
}
