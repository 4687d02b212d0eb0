import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { PlanePage } from "@/shared/work";
import { api } from "@/web/lib/api";
import { fetchAllPages } from "@/web/lib/fetch-all-pages";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { planeKeys } from "./plane-keys";

const fetchPlanePage = (orgId: string, cursor: string | null, limit: number) => {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return api<PlanePage>(orgPath(orgId, `/planes?${query}`));
};

/** Every plane, oldest first: for pickers and the palette, which must offer them all. */
export const planesQuery = (orgId: string) =>
  queryOptions({
    queryKey: planeKeys.list(orgId),
    queryFn: () => fetchAllPages(async (cursor) => fetchPlanePage(orgId, cursor, 100).then((p) => ({ items: p.planes, next: p.next_cursor }))),
  });

export const usePlanes = () => useQuery(planesQuery(useOrgId()));

/** The planes grid: 50 at a time, fetchNextPage for more. */
const planePagesQuery = (orgId: string) =>
  infiniteQueryOptions({
    queryKey: planeKeys.pages(orgId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchPlanePage(orgId, pageParam, 50),
    getNextPageParam: (page) => page.next_cursor,
  });

export const usePlanePages = () => useInfiniteQuery(planePagesQuery(useOrgId()));
