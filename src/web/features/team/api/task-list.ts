import { infiniteQueryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Project, TaskPage } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

/** The list's filter keys, as they stand in the page's URL (and a saved view's query). */
export const filterKeys = ["assignee", "label_id", "status", "priority", "project_id", "due_from", "due_to"] as const;
export type FilterValues = Partial<Record<(typeof filterKeys)[number], string>>;

export const filtersOf = (params: URLSearchParams): FilterValues => Object.fromEntries(filterKeys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));

const PAGE = 50;

export const filteredTasksQuery = (orgId: string, filters: FilterValues, tz: string) =>
  infiniteQueryOptions({
    queryKey: [...orgKey(orgId, "tasks"), "filtered", filters, tz],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ ...filters, tz, limit: String(PAGE) });
      // A day from the date picker is the start of that day in the reader's zone, as an instant.
      for (const k of ["due_from", "due_to"] as const) if (filters[k]) q.set(k, new Date(`${filters[k]}T00:00`).toISOString());
      if (pageParam) q.set("cursor", pageParam);
      return api<TaskPage>(orgPath(orgId, `/tasks?${q}`));
    },
    getNextPageParam: (page) => page.next_cursor,
  });

export const useFilteredTasks = (filters: FilterValues) => useInfiniteQuery(filteredTasksQuery(useOrgId(), filters, Intl.DateTimeFormat().resolvedOptions().timeZone));

/** The projects a filter can name (the first 100, newest first, as the palette lists them). */
export function useProjectChoices() {
  const orgId = useOrgId();
  return useQuery({ queryKey: [...orgKey(orgId, "projects"), "choices"], queryFn: async () => (await api<{ projects: Project[] }>(orgPath(orgId, "/projects?limit=100"))).projects, staleTime: 60_000 });
}
