import { queryOptions, useQuery } from "@tanstack/react-query";
import { meResponse } from "@/shared/me";
import { membershipList } from "@/shared/organisations";
import { can } from "@/shared/permissions";
import { askSignedIn } from "@/web/features/marketing/lib/use-signed-in";
import { api } from "@/web/lib/api";
import { pickCurrentOrg } from "@/web/lib/current-org";

/** Who reads a guide: a visitor, anyone signed in who is not the platform's operator ("member"), or an operator who owns the organisation the environment read goes through. */
export type GuideViewer = { kind: "visitor" } | { kind: "member" } | { kind: "owner"; orgId: string };

// No session hint: no request. With one, the memberships say the role where the app left off.
async function fetchViewer(): Promise<GuideViewer> {
  if (!(await askSignedIn())) return { kind: "visitor" };
  const [list, me] = await Promise.all([api("/api/v1/organisations"), api("/api/v1/me")]);
  const current = pickCurrentOrg(membershipList.parse(list).memberships);
  // The server's configuration is the platform operator's (docs/permissions.md), whatever the role.
  return current && can(current.role, "ops.read") && meResponse.parse(me).operator ? { kind: "owner", orgId: current.org_id } : { kind: "member" };
}

export const guideViewerQuery = queryOptions({ queryKey: ["ops-guides", "viewer"], queryFn: fetchViewer, retry: false, staleTime: 5 * 60_000 });

export const useGuideViewer = () => useQuery(guideViewerQuery);
