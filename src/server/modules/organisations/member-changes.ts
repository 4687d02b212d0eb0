import { and, eq, inArray } from "drizzle-orm";
import { OWNER_ROLES, isOwnerRole } from "@/shared/constants";
import type { ChangeMemberRoleInput, Member } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { memberships, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import { AppError } from "../../lib/errors";
import type { Ctx } from "./org-scope";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const lastOwner = () => new AppError("conflict", "An organisation needs an owner: make someone else an owner first");
const memberNotFound = () => new AppError("not_found", "Member not found");

/**
 * The organisation's owners and the target's membership, locked for this transaction. Every change
 * that could take away an owner locks the same owner rows first, so two owners demoting or removing
 * each other at once are taken in turn, and the second sees that only one owner is left.
 */
async function lockOwnersAndTarget(tx: Tx, orgId: string, userId: string) {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, [...OWNER_ROLES])))
    .orderBy(memberships.userId)
    .for("update");
  const [target] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .for("update");
  if (!target) throw memberNotFound();
  return { owners, target };
}

/** An owner gives a member another role; the last owner is never demoted. */
export async function changeMemberRole({ db, scope }: Ctx, userId: string, input: ChangeMemberRoleInput): Promise<Member> {
  return db.transaction(async (tx) => {
    const { owners, target } = await lockOwnersAndTarget(tx, scope.orgId, userId);
    if (isOwnerRole(target.role) && !isOwnerRole(input.role) && owners.length <= 1) throw lastOwner();
    if (target.role !== input.role) {
      await tx.update(memberships).set({ role: input.role }).where(and(eq(memberships.orgId, scope.orgId), eq(memberships.userId, userId)));
      // Open tabs of the member (and of everyone else) refetch the role at once.
      await publishChange(tx, scope.orgId, { entity: "member", id: userId, action: "updated" });
      await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "member.role_change", targetType: "user", targetId: userId, details: { from: target.role, to: input.role } });
    }
    const [row] = await tx
      .select({ user_id: user.id, name: user.name, email: user.email, role: memberships.role })
      .from(memberships)
      .innerJoin(user, eq(user.id, memberships.userId))
      .where(and(eq(memberships.orgId, scope.orgId), eq(memberships.userId, userId)));
    return row!;
  });
}

/** An owner removes a member, or a member leaves (userId is the caller); the last owner can do neither. */
export async function removeMember({ db, scope }: Ctx, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { owners, target } = await lockOwnersAndTarget(tx, scope.orgId, userId);
    if (isOwnerRole(target.role) && owners.length <= 1) throw lastOwner();
    await tx.delete(memberships).where(and(eq(memberships.orgId, scope.orgId), eq(memberships.userId, userId)));
    await publishChange(tx, scope.orgId, { entity: "member", id: userId, action: "deleted" });
    await recordAudit(tx, {
      orgId: scope.orgId,
      actorUserId: scope.userId,
      action: userId === scope.userId ? "member.leave" : "member.remove",
      targetType: "user",
      targetId: userId,
      details: { role: target.role },
    });
  });
}
