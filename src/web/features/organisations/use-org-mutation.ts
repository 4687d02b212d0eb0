import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/web/lib/api";
import { refreshScope, scopeOfChange, type ChangeAction, type ChangeEntity } from "@/web/lib/change-scope";
import { tabWrites } from "@/web/lib/tab-writes";
import { useOrgId } from "./use-org-id";

/** What a write changes: the change the server announces on the feed for it. */
export type OrgWrite<TInput, TResult> = {
  entity: ChangeEntity;
  action: ChangeAction;
  /** The rows it saved, so their echo on the feed refetches nothing; left out when unknown. */
  ids?: (input: TInput, result: TResult) => string | string[];
};

/**
 * A write to the current organisation's data. Once it (and any other write in flight) has
 * settled, the queries showing that kind of entity refetch: the server is the truth, and the rest
 * of the organisation's data did not change.
 */
export function useOrgMutation<TInput, TResult>(run: (orgId: string, input: TInput) => Promise<TResult>, write: OrgWrite<NoInfer<TInput>, NoInfer<TResult>>) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(orgId, input),
    // The organisation written to travels with the write, should the user switch meanwhile.
    onMutate: () => {
      tabWrites.begin(orgId);
      return { orgId };
    },
    onSettled: (result, error, input, started) => {
      // A 403 means the role this tab knows is stale (an owner changed it): learn the current one.
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: ["memberships"] });
      const writtenTo = started?.orgId ?? orgId;
      const ids = error || !write.ids ? [] : [write.ids(input, result as TResult)].flat();
      const scope = tabWrites.end(writtenTo, scopeOfChange(write), ids.length > 0 ? { entity: write.entity, ids } : undefined);
      const refresh = scope ? refreshScope(queryClient, writtenTo, scope) : undefined;
      // A caller whose write saved goes on with fresh data; one whose write failed puts its
      // optimistic change back at once, before the refetch lands on top of it.
      return error ? undefined : refresh;
    },
  });
}
