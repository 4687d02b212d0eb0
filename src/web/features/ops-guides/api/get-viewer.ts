import { queryOptions, useQuery } from "@tanstack/react-query";
import { membershipList } from "@/shared/organisations";
import { can } from "@/shared/permissions";
import { askSignedIn } from "@/web/features/marketing/lib/use-signed-in";
import { api } from "@/web/lib/api";
import { pickCurrentOrg } from "@/web/lib/current-org";

/** Who reads a guide: a visitor, a member, or an owner whose organisation the environment read goes through. */
export type GuideViewer = { kind: "visitor" } | { kind: "member" } | { kind: "owner"; orgId: string };

// No session hint: no request. With one, the memberships say the role where the app left off.
async function fetchViewer(): Promise<GuideViewer> {
  if (!(await askSignedIn())) return { kind: "visitor" };
  const { memberships } = membershipList.parse(await api("/api/v1/organisations"));
  const current = pickCurrentOrg(memberships);
  return current && can(current.role, "ops.read") ? { kind: "owner", orgId: current.org_id } : { kind: "member" };
}

export const guideViewerQuery = queryOptions({ queryKey: ["ops-guides", "viewer"], queryFn: fetchViewer, retry: false, staleTime: 5 * 60_000 });

export const useGuideViewer = () => useQuery(guideViewerQuery);
