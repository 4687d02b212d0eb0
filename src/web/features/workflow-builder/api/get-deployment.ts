import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeploymentStatus } from "@/shared/workflows";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { workflowKeys, workflowsPath } from "./workflow-keys";

/** What n8n holds for the workflow, as the server checked it just now (it asks n8n; the browser never does). */
const deploymentQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: workflowKeys.deployment(orgId, id),
    queryFn: async () => (await api<{ status: DeploymentStatus }>(orgPath(orgId, workflowsPath(`/${id}/deployment`)))).status,
    // A stale answer could claim 'In sync' after n8n changed: ask again each time the panel opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useDeployment(id: string, enabled: boolean) {
  const orgId = useOrgId();
  return useQuery({ ...deploymentQuery(orgId, id), enabled });
}
