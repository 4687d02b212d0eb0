import { can, type Permission } from "@/shared/permissions";
import { useOrg } from "./org-context";

/**
 * Whether the caller may do this in the current organisation. It reads the table the server
 * enforces, so a control the UI offers is one the API accepts (never an ad-hoc role check).
 */
export function useCan(permission: Permission): boolean {
  return can(useOrg().role, permission);
}
