import { eq } from "drizzle-orm";
import type { InvitationPreview } from "@/shared/invitations";
import type { Db } from "../../db/client";
import { invitations, organisations, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { hashInvitationToken } from "./invitation-token";

type Row = { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date };
export const invitationState = (r: Row, now: Date): InvitationPreview["state"] =>
  r.revokedAt ? "revoked" : r.acceptedAt ? "accepted" : r.expiresAt <= now ? "expired" : "pending";

/** What the link's holder may see before accepting: the organisation, who invited, the role and the address. */
export async function previewInvitation(db: Db, token: string, now: Date): Promise<InvitationPreview> {
  const [row] = await db
    .select({ orgName: organisations.name, inviterName: user.name, role: invitations.role, email: invitations.email, expiresAt: invitations.expiresAt, acceptedAt: invitations.acceptedAt, revokedAt: invitations.revokedAt })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .leftJoin(user, eq(user.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  if (!row) throw new AppError("not_found", "This invitation link is not valid. Ask for a new invitation.");
  return { org_name: row.orgName, inviter_name: row.inviterName, role: row.role, email: row.email, expires_at: row.expiresAt.toISOString(), state: invitationState(row, now) };
}
