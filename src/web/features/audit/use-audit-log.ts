import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditFilters } from "@/shared/audit";
import type { AuditPage } from "@/shared/connections";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { api } from "@/web/lib/api";

/** The filters as a query string, the same for the list and the CSV export. */
export function auditSearch(filters: AuditFilters, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

const auditQuery = (orgId: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    // Not a live domain: the log is read on demand, never pushed.
    queryKey: ["orgs", orgId, "audit", filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api<AuditPage>(orgPath(orgId, `/audit?${auditSearch(filters, pageParam)}`)),
    getNextPageParam: (page) => page.next_cursor,
  });

/** The organisation's audit log, newest first, 50 entries a page; owners only. */
export const useAuditLog = (orgId: string, filters: AuditFilters, enabled: boolean) => useInfiniteQuery({ ...auditQuery(orgId, filters), enabled });

export const auditExportUrl = (orgId: string, filters: AuditFilters) => orgPath(orgId, `/audit/export?${auditSearch(filters)}`);
