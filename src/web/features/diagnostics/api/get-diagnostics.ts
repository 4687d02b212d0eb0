import { queryOptions, useQuery } from "@tanstack/react-query";
import { diagnosticsSnapshot, type DiagnosticsSnapshot } from "@/shared/diagnostics";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

export const DIAGNOSTICS_REFRESH_MS = 15_000;

const diagnosticsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ["organisations", orgId, "diagnostics"] as const,
    queryFn: async (): Promise<DiagnosticsSnapshot> => diagnosticsSnapshot.parse(await api<unknown>(orgPath(orgId, "/diagnostics"))),
    refetchInterval: DIAGNOSTICS_REFRESH_MS,
  });

/** The server's snapshot, asked again every 15 s while the page is open; only for those who may read it. */
export const useDiagnostics = (enabled: boolean) => useQuery({ ...diagnosticsQuery(useOrgId()), enabled });
