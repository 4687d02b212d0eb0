import { and, eq, isNull } from "drizzle-orm";
import { invitations } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";

/** An owner withdraws a pending invitation; its link stops working. Another organisation's id is not found. */
export async function revokeInvitation({ db, scope, now }: Ctx, inviteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: now(), updatedAt: now() })
      .where(and(eq(invitations.id, inviteId), eq(invitations.orgId, scope.orgId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ email: invitations.email });
    if (!row) throw new AppError("not_found", "Invitation not found, or already accepted or withdrawn");
    await publishChange(tx, scope.orgId, { entity: "invitation", id: inviteId, action: "deleted" });
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "invitation.revoke", targetType: "invitation", targetId: inviteId, details: { email: row.email } });
  });
}
