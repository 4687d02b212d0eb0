import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { JobState, JobsPage } from "@/shared/jobs";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

// In the "jobs" domain, which a live `job` change refetches.
const jobsQuery = (orgId: string, state: JobState | null) =>
  infiniteQueryOptions({
    queryKey: [...orgKey(orgId, "jobs"), { state }] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (state) query.set("state", state);
      if (pageParam) query.set("cursor", pageParam);
      return api<JobsPage>(orgPath(orgId, `/jobs?${query}`));
    },
    getNextPageParam: (page) => page.next_cursor,
  });

/** The organisation's agent jobs, newest first, 50 at a time; owners only. */
export const useJobs = (state: JobState | null) => useInfiniteQuery(jobsQuery(useOrgId(), state));
