import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { orgPath } from "@/web/features/organisations/use-org-id";

/**
 * Listens to the organisation's change feed (server-sent events) and refetches its data, so a task
 * created in another tab or by a colleague appears without a reload. EventSource reconnects itself.
 */
export function useLiveChanges(orgId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!orgId) return;
    const source = new EventSource(orgPath(orgId, "/events"));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A CSV import or a burst of edits arrives as many events; one refetch per 150 ms is enough.
    source.addEventListener("change", () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ["orgs", orgId] }), 150);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [orgId, queryClient]);
}
