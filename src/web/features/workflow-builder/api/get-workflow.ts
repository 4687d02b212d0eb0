import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Workflow } from "@/shared/workflows";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { workflowKeys, workflowsPath } from "./workflow-keys";

const workflowQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: workflowKeys.one(orgId, id),
    queryFn: async () => (await api<{ workflow: Workflow }>(orgPath(orgId, workflowsPath(`/${id}`)))).workflow,
  });

/** The saved workflow open in the editor; idle while none is. */
export function useWorkflow(id: string | null) {
  const orgId = useOrgId();
  return useQuery({ ...workflowQuery(orgId, id ?? ""), enabled: id !== null });
}
