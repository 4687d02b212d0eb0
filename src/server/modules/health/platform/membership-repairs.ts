import { and, eq, inArray } from "drizzle-orm";
import { memberships } from "../../../db/schema";
import { recordAudit } from "../../../lib/audit";
import { publishChange } from "../../../lib/events";
import { membershipProblems, readMembers, type MemberRow } from "./membership-integrity";
import type { Tx } from "./platform-scan-store";
import type { FixActor } from "./apply-platform-fix";

export type RepairOutcome = { applied: boolean; result: string };

/** Under the members' lock: makes the longest-standing member who can sign in owner, audited. */
async function promote(tx: Tx, actor: FixActor, successor: MemberRow, reason: string): Promise<string> {
  await tx.update(memberships).set({ role: "owner" }).where(and(eq(memberships.orgId, actor.orgId), eq(memberships.userId, successor.userId)));
  await publishChange(tx, actor.orgId, { entity: "member", id: successor.userId, action: "updated" });
  await recordAudit(tx, {
    orgId: actor.orgId,
    actorUserId: actor.userId,
    action: "health.owner_promoted",
    targetType: "membership",
    targetId: successor.userId,
    details: { email: successor.email, previous_role: successor.role, reason },
  });
  return `Made ${successor.email}, the longest-standing member who can sign in, owner`;
}

/** Gives an organisation without a working owner one; a second repair finds the owner and changes nothing. */
export async function repairNoOwner(tx: Tx, actor: FixActor): Promise<RepairOutcome> {
  const p = membershipProblems(await readMembers(tx, actor.orgId, true));
  if (p.hasOwner) return { applied: true, result: "Already repaired: the organisation has an owner who can sign in" };
  if (!p.successor) return { applied: false, result: "Needs a person: no member of this organisation can sign in to become its owner" };
  return { applied: true, result: await promote(tx, actor, p.successor, "no owner could sign in") };
}

/**
 * Removes the memberships of accounts that cannot sign in, never the last members. Should that
 * leave no owner, the longest-standing remaining member becomes owner, so the repair cannot
 * leave the organisation unmanaged.
 */
export async function removeMembersWhoCannotSignIn(tx: Tx, actor: FixActor): Promise<RepairOutcome> {
  const p = membershipProblems(await readMembers(tx, actor.orgId, true));
  if (p.cannotSignIn.length === 0) return { applied: true, result: "Already repaired: every member can sign in" };
  if (p.cannotSignIn.length === p.members.length) return { applied: false, result: "Needs a person: no member of this organisation can sign in, so none is removed" };
  const gone = p.cannotSignIn;
  await tx.delete(memberships).where(and(eq(memberships.orgId, actor.orgId), inArray(memberships.userId, gone.map((m) => m.userId))));
  for (const m of gone) {
    await publishChange(tx, actor.orgId, { entity: "member", id: m.userId, action: "deleted" });
    await recordAudit(tx, { orgId: actor.orgId, actorUserId: actor.userId, action: "health.membership_removed", targetType: "membership", targetId: m.userId, details: { email: m.email, role: m.role, reason: "the account cannot sign in" } });
  }
  const emails = gone.map((m) => m.email).join(", ");
  // Whole sentences per count, so each translates as one (shared/i18n/messages).
  const removed = gone.length === 1 ? `Removed the membership of ${emails}, whose account cannot sign in` : `Removed ${gone.length} memberships of accounts that cannot sign in: ${emails}`;
  const after = membershipProblems(await readMembers(tx, actor.orgId, true));
  const promoted = !after.hasOwner && after.successor ? await promote(tx, actor, after.successor, "the removed members included the owner") : null;
  return { applied: true, result: promoted ? `${removed}. ${promoted}` : removed };
}
