import { and, eq } from "drizzle-orm";
import { isOwnerRole } from "@/shared/constants";
import type { SessionCache } from "../../auth/session-cache";
import { membershipKey } from "../../auth/session-cache";
import type { Db } from "../../db/client";
import { memberships, organisationSecurity } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** `requiresTwoFactor`: the organisation asks its members for two-factor sign-in (organisation-security.ts). */
export type OrgScope = { orgId: string; userId: string; role: string; isOwner: boolean; requiresTwoFactor: boolean };

type Membership = { role: string; requiresTwoFactor: boolean };

// The organisation's two-factor rule comes with the role, in one round trip and one cache entry:
// orgScope checks it on every request. A change to the rule notifies every member's entry.
async function findMembership(db: Db, userId: string, orgId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ role: memberships.role, requiresTwoFactor: organisationSecurity.requireTwoFactor })
    .from(memberships)
    .leftJoin(organisationSecurity, eq(organisationSecurity.orgId, memberships.orgId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  return row ? { role: row.role, requiresTwoFactor: row.requiresTwoFactor === true } : null;
}

/**
 * Every org-scoped verb starts here: a non-member learns nothing, not even that the org exists.
 * With `cache`, a role read lately is reused until a membership change is heard (never a refusal).
 */
export async function requireMembership(db: Db, userId: string, orgId: string, cache?: SessionCache): Promise<OrgScope> {
  const found = cache
    ? await cache.read(membershipKey(userId, orgId), async () => {
        const membership = await findMembership(db, userId, orgId);
        return membership === null ? { value: membership } : { value: membership, userId, until: Infinity };
      })
    : await findMembership(db, userId, orgId);
  if (found === null) throw new AppError("not_found", "Organisation not found");
  return { orgId, userId, role: found.role, isOwner: isOwnerRole(found.role), requiresTwoFactor: found.requiresTwoFactor };
}

export async function requireOwner(db: Db, userId: string, orgId: string): Promise<OrgScope> {
  const scope = await requireMembership(db, userId, orgId);
  if (!scope.isOwner) throw new AppError("forbidden", "Only an organisation owner can do this");
  return scope;
}
