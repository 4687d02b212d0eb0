import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/web/lib/api";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { workflowKeys } from "./workflow-keys";

/**
 * A write to the organisation's workflows; once it settles the "workflows" queries refetch (the
 * server is the truth). It stands in for useOrgMutation until the live feed has a "workflow"
 * entity to name; the organisation written to travels with the write, should the user switch.
 */
export function useWorkflowWrite<TInput, TResult>(run: (orgId: string, input: TInput) => Promise<TResult>) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(orgId, input),
    onMutate: () => ({ orgId }),
    onSettled: (_result, error, _input, started) => {
      // A 403 means the role this tab knows is stale: learn the current one.
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: ["memberships"] });
      return queryClient.invalidateQueries({ queryKey: workflowKeys.all(started?.orgId ?? orgId) });
    },
  });
}
