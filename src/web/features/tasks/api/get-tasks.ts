import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TaskCounts, TaskPage, TaskView } from "@/shared/work";
import { api } from "@/web/lib/api";
import { useCalendarDay, type CalendarDay } from "@/web/lib/calendar-day";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

export type TaskFilter = { view: TaskView; projectId?: string; q?: string };

const PAGE_SIZE = 50;

// Everything a request sends is in its key, and so is the local day: "Due Today" and "Overdue"
// are the server's answer for the day the zone is in, so a new day is a new query.
export const taskKeys = {
  lists: (orgId: string) => orgKey(orgId, "tasks"),
  list: (orgId: string, filter: TaskFilter, { day, tz }: CalendarDay) =>
    [...orgKey(orgId, "tasks"), { view: filter.view, projectId: filter.projectId ?? null, q: filter.q ?? null, tz, day, limit: PAGE_SIZE }] as const,
  counts: (orgId: string) => orgKey(orgId, "task-counts"),
  countsOf: (orgId: string, { day, tz }: CalendarDay) => [...orgKey(orgId, "task-counts"), { tz, day }] as const,
};

export const tasksQuery = (orgId: string, filter: TaskFilter, calendar: CalendarDay) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(orgId, filter, calendar),
    initialPageParam: null as string | null,
    queryFn: ({ queryKey: [, , , key], pageParam }) => {
      const query = new URLSearchParams({ view: key.view, tz: key.tz, limit: String(key.limit) });
      if (key.projectId) query.set("project_id", key.projectId);
      if (key.q) query.set("q", key.q);
      // The cursor is the page's parameter: each page of one list shares the list's key.
      if (pageParam) query.set("cursor", pageParam);
      return api<TaskPage>(orgPath(orgId, `/tasks?${query}`));
    },
    getNextPageParam: (page) => page.next_cursor,
  });

/** A tab's tasks, 50 at a time (fetchNextPage for more), due soonest first, undated last. */
export const useTasks = (filter: TaskFilter) => useInfiniteQuery(tasksQuery(useOrgId(), filter, useCalendarDay()));

export const taskCountsQuery = (orgId: string, calendar: CalendarDay) =>
  queryOptions({
    queryKey: taskKeys.countsOf(orgId, calendar),
    queryFn: async ({ queryKey: [, , , key] }) =>
      (await api<{ counts: TaskCounts }>(orgPath(orgId, `/tasks/counts?${new URLSearchParams({ tz: key.tz })}`))).counts,
  });

export const useTaskCounts = () => useQuery(taskCountsQuery(useOrgId(), useCalendarDay()));
