import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Task } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

export type SearchResult = { tasks: Task[]; projects: { id: string; name: string; color: string; plane_id: string }[] };

export function useSearch(q: string) {
  const orgId = useOrgId();
  const text = q.trim();
  return useQuery({
    queryKey: [...orgKey(orgId, "search"), { q: text }],
    queryFn: () => api<SearchResult>(orgPath(orgId, `/search?q=${encodeURIComponent(text)}`)),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
