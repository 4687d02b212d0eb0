import { queryOptions } from "@tanstack/react-query";
import type { Membership } from "@/shared/organisations";
import type { OrgBootstrapResponse } from "@/shared/functions";
import { api } from "@/web/lib/api";
import { orgPath } from "../use-org-id";

export const membershipsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["memberships", userId],
    queryFn: async () => (await api<{ memberships: Membership[] }>("/api/v1/organisations")).memberships,
  });

export const completeOnboarding = (orgId: string) => api<{ onboarded_at: string }>(orgPath(orgId, "/onboarding/complete"), { method: "POST" });

export const bootstrapOrganisation = (userId: string, orgName: string) =>
  api<OrgBootstrapResponse>("/functions/v1/org-bootstrap", { method: "POST", body: { user_id: userId, org_name: orgName } });
