import type { StreamEndReason } from "@/shared/changes";
import { readSessionUser } from "../../auth/session";
import type { Services } from "../../context";
import { AppError } from "../../lib/errors";
import { requireMembership } from "../organisations/require-membership";

export type StreamAccess = "ok" | Exclude<StreamEndReason, "unavailable">;

/**
 * Asked again while a stream is open: a session signed out, revoked or expired, or a member
 * removed from the organisation, must stop hearing it. The auth library decides about the session.
 * Both go through the session cache, as every request does: it forgets a session or membership as
 * soon as a change to it is heard, so an open stream still learns within one check.
 */
export async function streamAccess(services: Services, headers: Headers, userId: string, orgId: string): Promise<StreamAccess> {
  const user = await readSessionUser(services, headers);
  if (!user || user.id !== userId) return "signed_out";
  // Only "not found" means the member was removed; a database that is away rejects too, and the
  // caller keeps such a stream open rather than telling the browser it lost its organisation.
  const member = await requireMembership(services.database.db, userId, orgId, services.sessionCache).then(
    () => true,
    (e: unknown) => (e instanceof AppError && e.code === "not_found" ? false : Promise.reject(e)),
  );
  return member ? "ok" : "not_member";
}
