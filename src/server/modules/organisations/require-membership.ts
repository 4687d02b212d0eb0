import { and, eq } from "drizzle-orm";
import { isOwnerRole } from "@/shared/constants";
import type { SessionCache } from "../../auth/session-cache";
import { membershipKey } from "../../auth/session-cache";
import type { Db } from "../../db/client";
import { memberships } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type OrgScope = { orgId: string; userId: string; role: string; isOwner: boolean };

async function findRole(db: Db, userId: string, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Every org-scoped verb starts here: a non-member learns nothing, not even that the org exists.
 * With `cache`, a role read lately is reused until a membership change is heard (never a refusal).
 */
export async function requireMembership(db: Db, userId: string, orgId: string, cache?: SessionCache): Promise<OrgScope> {
  const role = cache
    ? await cache.read(membershipKey(userId, orgId), async () => {
        const found = await findRole(db, userId, orgId);
        return found === null ? { value: found } : { value: found, userId, until: Infinity };
      })
    : await findRole(db, userId, orgId);
  if (role === null) throw new AppError("not_found", "Organisation not found");
  return { orgId, userId, role, isOwner: isOwnerRole(role) };
}

export async function requireOwner(db: Db, userId: string, orgId: string): Promise<OrgScope> {
  const scope = await requireMembership(db, userId, orgId);
  if (!scope.isOwner) throw new AppError("forbidden", "Only an organisation owner can do this");
  return scope;
}
