import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlatformScansResponse } from "@/shared/platform-health";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { healthKeys } from "./health-keys";

/** The latest platform scans, newest first: the first is the report shown. */
const platformScansQuery = (orgId: string) =>
  queryOptions({
    queryKey: healthKeys.scans(orgId),
    queryFn: async () => (await api<PlatformScansResponse>(orgPath(orgId, "/health/platform/scans"))).scans,
  });

export const usePlatformScans = (enabled: boolean) => useQuery({ ...platformScansQuery(useOrgId()), enabled });
