import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WorkflowSummary } from "@/shared/workflows";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { workflowKeys, workflowsPath } from "./workflow-keys";

/** The organisation's workflows, ordered by name (the server orders them). */
const workflowsQuery = (orgId: string) =>
  queryOptions({
    queryKey: workflowKeys.list(orgId),
    queryFn: async () => (await api<{ workflows: WorkflowSummary[] }>(orgPath(orgId, workflowsPath()))).workflows,
  });

/** Off for members: the server refuses them, and the page says why instead. */
export const useWorkflows = (enabled: boolean) => useQuery({ ...workflowsQuery(useOrgId()), enabled });
