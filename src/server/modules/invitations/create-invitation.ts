import { and, eq, isNull, sql } from "drizzle-orm";
import { INVITATION_DAYS, type Invitation } from "@/shared/invitations";
import type { assignableRoles } from "@/shared/organisations";
import { invitations, memberships, organisations, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import { AppError } from "../../lib/errors";
import type { Mailer } from "../../mail/mailer";
import { recipientLocale } from "../../mail/mail-text";
import type { Ctx } from "../organisations/org-scope";
import { invitationMail } from "./invitation-mails";
import { hashInvitationToken, invitationLink, newInvitationToken } from "./invitation-token";
import { invitationOf } from "./list-invitations";

export type InviteMailDeps = { mailer: Pick<Mailer, "send">; appName: string; appUrl: string };
type Input = { email: string; role: (typeof assignableRoles)[number] };

/**
 * An owner invites an address. Inviting an address that already has a pending invitation refreshes
 * that one (new token, a new week, the new role): the partial unique index makes this one row even
 * when two owners invite the same address at once. The old link stops working.
 */
export async function createInvitation(ctx: Ctx, deps: InviteMailDeps, input: Input): Promise<Invitation> {
  const { db, scope, now } = ctx;
  const token = newInvitationToken();
  const at = now();
  const expiresAt = new Date(at.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
  const { row, orgName, inviterName, inviterLocale } = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(user, eq(user.id, memberships.userId))
      .where(and(eq(memberships.orgId, scope.orgId), eq(sql`lower(${user.email})`, input.email)))
      .limit(1);
    if (existing) throw new AppError("conflict", `${input.email} is already a member of this organisation`, { email: "Already a member" });
    const [saved] = await tx
      .insert(invitations)
      .values({ orgId: scope.orgId, email: input.email, role: input.role, tokenHash: hashInvitationToken(token), invitedBy: scope.userId, expiresAt, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [invitations.orgId, invitations.email],
        targetWhere: and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
        set: { role: input.role, tokenHash: hashInvitationToken(token), invitedBy: scope.userId, expiresAt, updatedAt: at },
      })
      .returning();
    const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId));
    const [inviter] = await tx.select({ name: user.name, locale: user.locale }).from(user).where(eq(user.id, scope.userId));
    await publishChange(tx, scope.orgId, { entity: "invitation", id: saved!.id, action: "created" });
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "invitation.create", targetType: "invitation", targetId: saved!.id, details: { email: input.email, role: input.role } });
    return { row: saved!, orgName: org?.name ?? "", inviterName: inviter?.name ?? "", inviterLocale: inviter?.locale ?? null };
  });
  await deps.mailer.send(invitationMail({ appName: deps.appName, to: input.email, orgName, inviterName, role: input.role, url: invitationLink(deps.appUrl, token), days: INVITATION_DAYS, locale: await recipientLocale(db, input.email, inviterLocale) }));
  return invitationOf({ ...row, invitedByName: inviterName });
}
