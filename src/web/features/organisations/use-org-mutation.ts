import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/web/lib/api";
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
    onSettled: (_data, error) => {
      // A 403 means the role this tab knows is stale (an owner changed it): learn the current one.
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: ["memberships"] });
      return queryClient.invalidateQueries({ queryKey: ["orgs", orgId] });
    },
  });
}
