import { flagDefinitions, type FlagListResponse } from "@/shared/flags";
import type { Ctx } from "../organisations/org-scope";
import { requireOwner } from "../organisations/require-membership";

/**
 * Feature flags are an owner-only operation (DESIGN 5), and owner there means the owner roles,
 * owner or supreme_leader, the same check as every other owner operation. "Exactly owner" in the
 * spec applies only to the /status shortcut's visibility, not to who may open the page.
 */
export async function listFlags({ db, scope }: Ctx): Promise<FlagListResponse> {
  await requireOwner(db, scope.userId, scope.orgId);
  return { flags: flagDefinitions.map((f) => ({ ...f })) };
}
