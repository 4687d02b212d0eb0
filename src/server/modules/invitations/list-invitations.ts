import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Invitation } from "@/shared/invitations";
import { invitations, user } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";

type Row = { id: string; email: string; role: string; invitedByName: string | null; expiresAt: Date; createdAt: Date };

export const invitationOf = (r: Row): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invited_by_name: r.invitedByName,
  expires_at: r.expiresAt.toISOString(),
  created_at: r.createdAt.toISOString(),
});

/** The organisation's pending invitations (not accepted, revoked or expired), newest first. */
export async function listInvitations({ db, scope, now }: Ctx): Promise<Invitation[]> {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, invitedByName: user.name, expiresAt: invitations.expiresAt, createdAt: invitations.createdAt })
    .from(invitations)
    .leftJoin(user, eq(user.id, invitations.invitedBy))
    .where(and(eq(invitations.orgId, scope.orgId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now())))
    .orderBy(desc(invitations.createdAt))
    .limit(200);
  return rows.map(invitationOf);
}
