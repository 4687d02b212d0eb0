import { queryOptions, useQuery } from "@tanstack/react-query";
import { meResponse } from "@/shared/me";
import { membershipList } from "@/shared/organisations";
import { askSignedIn } from "@/web/features/marketing/lib/use-signed-in";
import { api } from "@/web/lib/api";
import { pickCurrentOrg } from "@/web/lib/current-org";

/** Who looks at /status: signed out, or signed in with their role in the current organisation and whether they operate the platform. */
export type Viewer = { isSignedIn: false } | { isSignedIn: true; orgId: string | null; role: string | null; operator: boolean };

// No session hint: no request at all. With one, the session is confirmed first (the request the
// public header makes anyway), then the memberships say the role where the app left off.
async function fetchViewer(): Promise<Viewer> {
  if (!(await askSignedIn())) return { isSignedIn: false };
  const [list, me] = await Promise.all([api("/api/v1/organisations"), api("/api/v1/me")]);
  const current = pickCurrentOrg(membershipList.parse(list).memberships);
  return { isSignedIn: true, orgId: current?.org_id ?? null, role: current?.role ?? null, operator: meResponse.parse(me).operator };
}

export const viewerQuery = queryOptions({ queryKey: ["status", "viewer"], queryFn: fetchViewer, retry: false, staleTime: 5 * 60_000 });

export const useViewer = () => useQuery(viewerQuery);
