import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "./use-org-id";

/**
 * A write to the current organisation's data. Afterwards every ["orgs", orgId, …] query refetches:
 * the lists are small and the server is the truth (its change feed does the same for other tabs).
 */
export function useOrgMutation<TInput, TResult>(run: (orgId: string, input: TInput) => Promise<TResult>) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(orgId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["orgs", orgId] }),
  });
}
