import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshScope, wholeOrgScope, type ChangeScope, type LiveChange } from "@/web/lib/change-scope";
import { connectivity } from "@/web/lib/connectivity";
import { tabWrites } from "@/web/lib/tab-writes";
import { openSharedLiveStream } from "./open-shared-live-stream";

// A CSV import or a burst of edits arrives as many events; one refetch per 150 ms is enough.
const BURST_MS = 150;
// Changes wait for this tab's writes in flight (one may be their echo), but not for a hung one.
const HOLD_LIMIT_MS = 10_000;
// The feed's schema (and zod with it) loads after the shell has rendered: no change can arrive
// before the stream is open, and events keep their order behind this one promise.
let feedSchema: Promise<typeof import("@/shared/changes").liveChange> | undefined;
const loadFeedSchema = () => (feedSchema ??= import("@/shared/changes").then((m) => m.liveChange));

/**
 * Listens to the organisation's change feed (server-sent events) and refetches what shows the
 * changed kind of entity, so a task created in another tab or by a colleague appears without a
 * reload. The echo of this tab's own writes refetches nothing (tab-writes.ts). One tab of the
 * browser holds the stream and relays it to the others (open-shared-live-stream.ts). The stream
 * reconnects after an outage (live-stream.ts); then, and when the server is reachable again after
 * being down, everything of the organisation refetches, since changes made meanwhile were not heard.
 */
export function useLiveChanges(orgId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!orgId) return;
    const heard: LiveChange[] = [];
    let burst: ReturnType<typeof setTimeout> | undefined;
    let resyncing: ReturnType<typeof setTimeout> | undefined;
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
    // A recovery and the stream's reconnect right after it ask for the same thing: once is enough.
    const resync = () => {
      clearTimeout(resyncing);
      resyncing = setTimeout(() => refreshOrHold(tabWrites.owe(orgId, wholeOrgScope)), BURST_MS);
    };
    let closed = false;
    const onChange = (data: string) =>
      void loadFeedSchema().then((liveChange) => {
        if (!closed) readChange(liveChange.safeParse(safeJson(data)));
      });
    const readChange = (parsed: { success: true; data: LiveChange } | { success: false }) => {
      // A change this tab cannot read may be about anything.
      if (!parsed.success) return refreshOrHold(tabWrites.owe(orgId, wholeOrgScope));
      heard.push(parsed.data);
      clearTimeout(burst);
      burst = setTimeout(() => refreshOrHold(tabWrites.receive(orgId, heard.splice(0))), BURST_MS);
    };
    // Every tab hears the same events, whether its own stream's or relayed by the tab holding it.
    const stream = openSharedLiveStream(orgId, (event) => {
      if (event.type === "change") onChange(event.data);
      // The server dropped changes this tab did not read in time, or the stream was down.
      else if (event.type === "resync") resync();
      // The session ended or the user left the organisation: let every query (the session and
      // memberships among them) find out what is true now.
      else if (event.type === "end") void queryClient.invalidateQueries();
      else if (event.type === "up") connectivity.succeeded(performance.now());
      else connectivity.failed(performance.now());
    });
    const stopWatching = connectivity.onRecovered(() => {
      resync();
      stream.reconnectNow();
    });
    const onOnline = () => stream.reconnectNow();
    window.addEventListener("online", onOnline);
    return () => {
      closed = true;
      clearTimeout(burst);
      clearTimeout(resyncing);
      clearTimeout(hold);
      stopWatching();
      window.removeEventListener("online", onOnline);
      stream.close();
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
