import type { Services } from "../../context";
import { requireMembership } from "../organisations/require-membership";

export type StreamAccess = "ok" | "signed_out" | "not_member";

/**
 * Asked again while a stream is open: a session signed out, revoked or expired, or a member
 * removed from the organisation, must stop hearing it. The auth library decides about the session.
 */
export async function streamAccess(services: Services, headers: Headers, userId: string, orgId: string): Promise<StreamAccess> {
  const session = await services.auth.api.getSession({ headers });
  if (!session || session.user.id !== userId) return "signed_out";
  const member = await requireMembership(services.database.db, userId, orgId).then(
    () => true,
    () => false,
  );
  return member ? "ok" : "not_member";
}
