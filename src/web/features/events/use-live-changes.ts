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
    const refetchSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ["orgs", orgId] }), 150);
    };
    source.addEventListener("change", refetchSoon);
    // The server dropped changes this tab did not read in time: whatever is shown may be stale.
    source.addEventListener("resync", refetchSoon);
    // The session ended or the user left the organisation: stop listening, and let every query
    // (the session and memberships among them) find out what is true now.
    source.addEventListener("end", () => {
      source.close();
      void queryClient.invalidateQueries();
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [orgId, queryClient]);
}
