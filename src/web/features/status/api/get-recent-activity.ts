import { queryOptions, useQuery } from "@tanstack/react-query";
import { auditPage, type AuditListQuery } from "@/shared/connections";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { PROBE_INTERVAL_MS } from "./probe";

export const RECENT_ACTIVITY_LIMIT = 10;

export const recentActivityQuery = (orgId: string) => {
  const query: AuditListQuery = { limit: RECENT_ACTIVITY_LIMIT };
  return queryOptions({
    queryKey: ["status", orgId, "recent-activity"],
    queryFn: async () => auditPage.parse(await api(orgPath(orgId, `/audit?limit=${query.limit}`))).entries,
    refetchInterval: PROBE_INTERVAL_MS,
    staleTime: 0,
  });
};

/** Owners only (audit.read): the caller passes null for anyone else, and nothing is asked. */
export const useRecentActivity = (orgId: string | null) => useQuery({ ...recentActivityQuery(orgId ?? ""), enabled: orgId !== null });
