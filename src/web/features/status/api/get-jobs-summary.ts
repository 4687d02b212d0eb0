import { queryOptions, useQuery } from "@tanstack/react-query";
import { jobsSummary } from "@/shared/jobs";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";
import { PROBE_INTERVAL_MS } from "./probe";

export const jobsSummaryQuery = (orgId: string) =>
  queryOptions({
    queryKey: ["status", orgId, "jobs-summary"],
    queryFn: async () => jobsSummary.parse(await api(orgPath(orgId, "/jobs/summary"))),
    refetchInterval: PROBE_INTERVAL_MS,
    staleTime: 0,
  });

/** Owners only (jobs.read): the caller passes null for anyone else, and nothing is asked. */
export const useJobsSummary = (orgId: string | null) => useQuery({ ...jobsSummaryQuery(orgId ?? ""), enabled: orgId !== null });
