import { eq, sql } from "drizzle-orm";
import type { OrganisationSecurity, UpdateOrganisationSecurityInput } from "@/shared/organisation-security";
import type { SessionUser } from "../../context";
import type { Db } from "../../db/client";
import { memberships, organisationSecurity, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import type { Ctx } from "./org-scope";
import type { OrgScope } from "./require-membership";

const none: OrganisationSecurity = { require_two_factor: false, version: 0, updated_at: null };

const toSecurity = (row: typeof organisationSecurity.$inferSelect): OrganisationSecurity => ({
  require_two_factor: row.requireTwoFactor,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

export const twoFactorRequired = () =>
  new AppError("two_factor_required", "Your organisation requires two-factor sign-in. Turn it on in Settings > Security to continue.");

async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on === true;
}

/**
 * orgScope's last rule: a member of an organisation that requires two-factor sign-in gets 403
 * two_factor_required until their own is on. The rule comes with the membership (cached), so this
 * costs nothing unless it applies (then, for a caller whose session does not say, one read of the user row).
 */
export async function assertTwoFactorAllowed(db: Db, caller: Pick<SessionUser, "id" | "twoFactorEnabled">, scope: Pick<OrgScope, "requiresTwoFactor">): Promise<void> {
  if (caller.twoFactorEnabled === true || !scope.requiresTwoFactor) return;
  if (caller.twoFactorEnabled === undefined && (await hasTwoFactor(db, caller.id))) return;
  throw twoFactorRequired();
}

export async function readOrganisationSecurity({ db, scope }: Ctx): Promise<OrganisationSecurity> {
  const [row] = await db.select().from(organisationSecurity).where(eq(organisationSecurity.orgId, scope.orgId)).limit(1);
  return row ? toSecurity(row) : none;
}

/**
 * An owner turns the requirement on or off. Versioned: the row is locked and a change naming an
 * older version is refused, so two owners never overwrite each other unseen. Requiring it needs
 * the owner's own two-factor sign-in, read from the database (and locked) in the same transaction.
 */
export async function updateOrganisationSecurity({ db, scope, now }: Ctx, input: UpdateOrganisationSecurityInput): Promise<OrganisationSecurity> {
  return db.transaction(async (tx) => {
    if (input.require_two_factor) {
      const [self] = await tx.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, scope.userId)).for("share");
      if (!self?.on) throw new AppError("forbidden", "Turn on two-factor sign-in for your own account first, then require it for the organisation.");
    }
    await tx.insert(organisationSecurity).values({ orgId: scope.orgId }).onConflictDoNothing();
    const [current] = await tx.select().from(organisationSecurity).where(eq(organisationSecurity.orgId, scope.orgId)).for("update");
    if (!current) throw new AppError("not_found", "Organisation not found");
    if (current.version !== input.version) {
      throw new AppError("conflict", "Someone else changed this setting meanwhile. Reload to see the current value.");
    }
    if (current.requireTwoFactor === input.require_two_factor) return toSecurity(current);
    const [row] = await tx
      .update(organisationSecurity)
      .set({ requireTwoFactor: input.require_two_factor, version: sql`${organisationSecurity.version} + 1`, updatedAt: now(), updatedBy: scope.userId })
      .where(eq(organisationSecurity.orgId, scope.orgId))
      .returning();
    await recordAudit(tx, {
      orgId: scope.orgId,
      actorUserId: scope.userId,
      action: "organisation.security_change",
      targetType: "organisation",
      targetId: scope.orgId,
      details: { requireTwoFactor: input.require_two_factor },
    });
    // Every member's cached membership carries the rule (require-membership.ts): all instances
    // forget it when this commits, as a membership change would make them.
    await tx
      .select({ sent: sql`pg_notify('whq_auth_changes', json_build_object('user_id', ${memberships.userId}, 'org_id', ${memberships.orgId})::text)` })
      .from(memberships)
      .where(eq(memberships.orgId, scope.orgId));
    return toSecurity(row!);
  });
}
