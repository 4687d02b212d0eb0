import { and, eq, inArray, sql } from "drizzle-orm";
import { OWNER_ROLES } from "@/shared/constants";
import type { DeleteAccountInput } from "@/shared/data-rights";
import type { Auth } from "../../auth/auth";
import { lockedForSeconds, lockedMessage, recordSignInFailure } from "../../auth/sign-in-lockout";
import type { Db } from "../../db/client";
import { account, dataExports, invitations, memberships, organisations, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { deleteOrganisationRows } from "./delete-organisation";
import { soleOwnedOrganisations } from "./erasure-preview";
import { mailDeletedOrganisations, type DeletedOrganisation, type DeletionMailDeps } from "./organisation-deleted-mail";
import { erasedPseudonym } from "./pseudonym";
import { pseudonymiseAudit } from "./pseudonymise-audit";
import { scrubUserReferences } from "./scrub-user-references";

export type EraseDeps = { db: Db; auth: Auth; secretKey: string; ip: string | null; mail?: DeletionMailDeps };

/** Re-authentication: the current password, checked by better-auth's own password check. */
async function checkPassword({ db, auth, ip }: EraseDeps, userId: string, password: string): Promise<void> {
  const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!me) throw new AppError("not_found", "Account not found");
  // The sign-in lockout counts here too, so a stolen session cannot guess the password through this route.
  const locked = await lockedForSeconds(db, me.email);
  if (locked > 0) throw new AppError("rate_limited", lockedMessage(locked), undefined, locked);
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const ctx = await auth.$context;
  const ok = credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false;
  if (!ok) {
    await recordSignInFailure(db, me.email, ip);
    throw new AppError("forbidden", "The password is not correct", { password: "The password is not correct" });
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Erases an account in one transaction: the organisations only this user owns (the list the user
 * confirmed must still be the list, else 409), every row naming the user, then the user; sessions
 * go with it and the session-cache triggers tell every instance. The audit log keeps its entries
 * under a pseudonym. Locks: the user row (an invitation accepted meanwhile waits on it), then the
 * organisations they own in id order (a new owner joining meanwhile waits, and then changes the list).
 */
export async function eraseAccount(deps: EraseDeps, userId: string, input: DeleteAccountInput): Promise<void> {
  await checkPassword(deps, userId, input.password);
  const pseudonym = erasedPseudonym(deps.secretKey, userId);
  const deleted = await deps.db.transaction(async (tx) => {
    // Invitations first, in the order an accept takes its locks (invitation, then user and organisation), so the two never deadlock.
    const [known] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!known) throw new AppError("not_found", "Account not found");
    await tx.execute(sql`select 1 from ${invitations} where lower("email") = ${known.email.toLowerCase()}
      or "org_id" in (select "org_id" from "memberships" where "user_id" = ${userId}) order by "id" for update`);
    const [me] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for("update");
    if (!me) throw new AppError("not_found", "Account not found");
    const owned = await tx
      .select({ orgId: memberships.orgId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), inArray(memberships.role, [...OWNER_ROLES])));
    const ownedIds = owned.map((o) => o.orgId).sort();
    if (ownedIds.length > 0) await tx.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ownedIds)).orderBy(organisations.id).for("update");
    const doomed = (await soleOwnedOrganisations(tx, userId)).map((o) => o.id);
    if (!sameSet(doomed, input.confirmed_org_ids)) {
      throw new AppError("conflict", "The organisations that would be deleted with your account have changed: review them and confirm again");
    }
    // Organisation exports of their organisations hold their name and address: gone too.
    await tx.execute(sql`delete from ${dataExports} where "org_id" in (select "org_id" from "memberships" where "user_id" = ${userId})`);
    const gone: DeletedOrganisation[] = [];
    for (const orgId of doomed) gone.push(await deleteOrganisationRows(tx, orgId, pseudonym, userId));
    await pseudonymiseAudit(tx, me, pseudonym);
    await scrubUserReferences(tx, me);
    await tx.delete(user).where(eq(user.id, userId));
    await recordAudit(tx, { orgId: null, actorUserId: pseudonym, action: "account.erase", targetType: "user", targetId: pseudonym, details: { organisations_deleted: doomed.length } });
    return gone;
  });
  // Members of the organisations that went with the account hear why; the account's own address is gone already.
  if (deps.mail) await mailDeletedOrganisations(deps.mail, deleted, "erasure");
}
