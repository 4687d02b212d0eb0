import { and, eq } from "drizzle-orm";
import type { AcceptInvitationResponse } from "@/shared/invitations";
import type { SessionUser } from "../../context";
import type { Db } from "../../db/client";
import { invitations, memberships, organisations, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { wantsMail } from "../notifications/wants-mail";
import type { InviteMailDeps } from "./create-invitation";
import { invitationAcceptedMail } from "./invitation-mails";
import { hashInvitationToken } from "./invitation-token";
import { invitationState } from "./preview-invitation";

export type AcceptDeps = InviteMailDeps & { db: Db; now: () => Date; logger: Logger };

/**
 * The signed-in user accepts: the invitation's row is locked, so two accepts of one token make one
 * membership and the second is told it was used. Only the invited address may accept.
 */
export async function acceptInvitation(deps: AcceptDeps, me: SessionUser, token: string): Promise<AcceptInvitationResponse> {
  const { db } = deps;
  const accepted = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, hashInvitationToken(token))).for("update");
    if (!row) throw new AppError("not_found", "This invitation link is not valid. Ask for a new invitation.");
    const now = deps.now();
    const state = invitationState(row, now);
    if (state === "revoked") throw new AppError("gone", "This invitation was withdrawn. Ask for a new invitation.");
    if (state === "accepted") throw new AppError("conflict", "This invitation has already been used.");
    if (state === "expired") throw new AppError("gone", "This invitation has expired. Ask for a new invitation.");
    if (!me.emailVerified) throw new AppError("forbidden", "Confirm your email address before accepting an invitation.");
    if (me.email.toLowerCase() !== row.email) throw new AppError("forbidden", `This invitation is for ${row.email}, you are signed in as ${me.email}.`);
    // Already a member (joined some other way): the invitation is used up, the role stays as it is.
    // Joining a set-up organisation skips its first-run onboarding (default planes, CSV import).
    const joined = await tx.insert(memberships).values({ orgId: row.orgId, userId: me.id, role: row.role, onboardedAt: now }).onConflictDoNothing().returning({ userId: memberships.userId });
    await tx.update(invitations).set({ acceptedAt: now, acceptedBy: me.id, updatedAt: now }).where(eq(invitations.id, row.id));
    // The owners' open Settings move the invitation from pending to the members list at once.
    if (joined.length > 0) await publishChange(tx, row.orgId, { entity: "member", id: me.id, action: "created" });
    await publishChange(tx, row.orgId, { entity: "invitation", id: row.id, action: "updated" });
    await recordAudit(tx, { orgId: row.orgId, actorUserId: me.id, action: "invitation.accept", targetType: "invitation", targetId: row.id, details: { email: row.email, role: row.role } });
    const [membership] = await tx.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, row.orgId), eq(memberships.userId, me.id)));
    return { orgId: row.orgId, role: membership?.role ?? row.role, invitedBy: row.invitedBy };
  });
  await mailInviter(deps, me, accepted.orgId, accepted.invitedBy);
  return { org_id: accepted.orgId, role: accepted.role };
}

/** After the commit: a mail that fails must not undo the membership. */
async function mailInviter(deps: AcceptDeps, me: SessionUser, orgId: string, inviterId: string | null): Promise<void> {
  if (!inviterId || inviterId === me.id) return;
  try {
    if (!(await wantsMail(deps.db, inviterId, "invitation_accepted"))) return;
    const [inviter] = await deps.db.select({ email: user.email, locale: user.locale }).from(user).where(eq(user.id, inviterId));
    const [org] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
    if (!inviter || !org) return;
    await deps.mailer.send(invitationAcceptedMail({ appName: deps.appName, appUrl: deps.appUrl, to: inviter.email, orgName: org.name, memberName: me.name, memberEmail: me.email, locale: inviter.locale }));
  } catch (error) {
    deps.logger.warn("invitation accepted mail not sent", { orgId, error: error instanceof Error ? error.message : String(error) });
  }
}
