import { queryOptions, useQuery } from "@tanstack/react-query";
import { opsEnvironment, type OpsEnvironment } from "@/shared/ops";
import { api } from "@/web/lib/api";

export const environmentQuery = (orgId: string) =>
  queryOptions({
    queryKey: ["ops-guides", orgId, "environment"],
    queryFn: async (): Promise<OpsEnvironment> => opsEnvironment.parse(await api(`/api/v1/organisations/${orgId}/ops/environment`)),
    // A finding to show, not to retry: the operator presses Check again.
    retry: false,
    staleTime: 0,
  });

/** The running server's configuration, asked for only when the viewer is an owner. */
export const useEnvironment = (orgId: string | null) => useQuery({ ...environmentQuery(orgId ?? ""), enabled: orgId !== null });
