import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HealingConfigResponse } from "@/shared/platform-health";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { healthKeys } from "./health-keys";

const healingConfigQuery = (orgId: string) =>
  queryOptions({
    queryKey: healthKeys.config(orgId),
    queryFn: async () => (await api<HealingConfigResponse>(orgPath(orgId, "/health/platform/config"))).config,
  });

export const useHealingConfig = (enabled: boolean) => useQuery({ ...healingConfigQuery(useOrgId()), enabled });
