import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { liveChange, refreshScope, wholeOrgScope, type ChangeScope, type LiveChange } from "@/web/lib/change-scope";
import { tabWrites } from "@/web/lib/tab-writes";

// A CSV import or a burst of edits arrives as many events; one refetch per 150 ms is enough.
const BURST_MS = 150;
// Changes wait for this tab's writes in flight (one may be their echo), but not for a hung one.
const HOLD_LIMIT_MS = 10_000;

/**
 * Listens to the organisation's change feed (server-sent events) and refetches what shows the
 * changed kind of entity, so a task created in another tab or by a colleague appears without a
 * reload. The echo of this tab's own writes refetches nothing (tab-writes.ts). EventSource
 * reconnects itself.
 */
export function useLiveChanges(orgId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!orgId) return;
    const source = new EventSource(orgPath(orgId, "/events"));
    const heard: LiveChange[] = [];
    let burst: ReturnType<typeof setTimeout> | undefined;
    let hold: ReturnType<typeof setTimeout> | undefined;
    // What is heard while this tab's writes are in flight waits for the last one to end, which
    // refetches it; should that write never end, the wait does.
    const refreshOrHold = (scope: ChangeScope | null) => {
      if (scope) void refreshScope(queryClient, orgId, scope);
      else if (tabWrites.isWriting(orgId) && !hold) {
        hold = setTimeout(() => {
          hold = undefined;
          refreshOrHold(tabWrites.release(orgId));
        }, HOLD_LIMIT_MS);
      }
    };
    source.addEventListener("change", (event: MessageEvent<string>) => {
      const parsed = liveChange.safeParse(safeJson(event.data));
      // A change this tab cannot read may be about anything.
      if (!parsed.success) return refreshOrHold(tabWrites.owe(orgId, wholeOrgScope));
      heard.push(parsed.data);
      clearTimeout(burst);
      burst = setTimeout(() => refreshOrHold(tabWrites.receive(orgId, heard.splice(0))), BURST_MS);
    });
    // The server dropped changes this tab did not read in time: whatever is shown may be stale.
    source.addEventListener("resync", () => refreshOrHold(tabWrites.owe(orgId, wholeOrgScope)));
    // The session ended or the user left the organisation: stop listening, and let every query
    // (the session and memberships among them) find out what is true now.
    source.addEventListener("end", () => {
      source.close();
      void queryClient.invalidateQueries();
    });
    return () => {
      clearTimeout(burst);
      clearTimeout(hold);
      source.close();
    };
  }, [orgId, queryClient]);
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
