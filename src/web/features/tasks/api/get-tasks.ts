import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TaskCounts, TaskPage, TaskView } from "@/shared/work";
import { api } from "@/web/lib/api";
import { browserTimeZone } from "@/web/lib/time-zone";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

export type TaskFilter = { view: TaskView; projectId?: string; q?: string };

export const taskKeys = {
  all: (orgId: string) => ["orgs", orgId, "tasks"] as const,
  list: (orgId: string, filter: TaskFilter) => ["orgs", orgId, "tasks", "list", filter] as const,
  counts: (orgId: string) => ["orgs", orgId, "tasks", "counts"] as const,
};

export const tasksQuery = (orgId: string, filter: TaskFilter) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(orgId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ view: filter.view, tz: browserTimeZone(), limit: "50" });
      if (filter.projectId) query.set("project_id", filter.projectId);
      if (filter.q) query.set("q", filter.q);
      if (pageParam) query.set("cursor", pageParam);
      return api<TaskPage>(orgPath(orgId, `/tasks?${query}`));
    },
    getNextPageParam: (page) => page.next_cursor,
  });

/** A tab's tasks, 50 at a time (fetchNextPage for more), due soonest first, undated last. */
export const useTasks = (filter: TaskFilter) => useInfiniteQuery(tasksQuery(useOrgId(), filter));

export const taskCountsQuery = (orgId: string) =>
  queryOptions({
    queryKey: taskKeys.counts(orgId),
    queryFn: async () => (await api<{ counts: TaskCounts }>(orgPath(orgId, `/tasks/counts?tz=${encodeURIComponent(browserTimeZone())}`))).counts,
  });

export const useTaskCounts = () => useQuery(taskCountsQuery(useOrgId()));
