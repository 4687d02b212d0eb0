import { orgPath } from "@/web/features/organisations/use-org-id";
import { shareLiveStream, type LiveEvent, type LiveRole, type LiveStreamControl } from "./live-relay";
import { openLiveStream } from "./live-stream";

// Bump the version when the relayed messages change: tabs on the older build then keep their own leader.
const relayName = (orgId: string) => `whq.live.v1:${orgId}`;

/**
 * The organisation's change feed for this tab, one stream per browser: HTTP/1.1 allows 6
 * connections per host, so a stream per tab froze the seventh tab (docs/decisions/004). Without
 * BroadcastChannel or Web Locks, each tab holds its own stream as before. A tab frozen or put in
 * the back/forward cache gives its part up, and on return rejoins and resyncs what it missed.
 */
export function openSharedLiveStream(orgId: string, deliver: (event: LiveEvent) => void): LiveStreamControl {
  const open = (emit: (event: LiveEvent) => void, { hasMissedChanges }: { hasMissedChanges: boolean }) =>
    openLiveStream(
      orgPath(orgId, "/events"),
      { onChange: (data) => emit({ type: "change", data }), onResync: () => emit({ type: "resync" }), onEnd: (reason) => emit({ type: "end", reason }) },
      { connectivity: { succeeded: () => emit({ type: "up" }), failed: () => emit({ type: "down" }) }, hasMissedChanges },
    );
  if (typeof BroadcastChannel === "undefined" || typeof navigator === "undefined" || !navigator.locks) {
    return open(deliver, { hasMissedChanges: false });
  }

  const join = () =>
    shareLiveStream({ name: relayName(orgId), channel: new BroadcastChannel(relayName(orgId)), locks: navigator.locks, open, deliver, onRole: showRole });
  let shared: LiveStreamControl | undefined = join();
  const leave = () => {
    shared?.close();
    shared = undefined;
  };
  const rejoin = () => {
    if (shared) return;
    shared = join();
    deliver({ type: "resync" });
  };
  const onPageHide = (event: PageTransitionEvent) => event.persisted && leave();
  const onPageShow = (event: PageTransitionEvent) => event.persisted && rejoin();
  document.addEventListener("freeze", leave);
  document.addEventListener("resume", rejoin);
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  return {
    reconnectNow: () => shared?.reconnectNow(),
    close() {
      document.removeEventListener("freeze", leave);
      document.removeEventListener("resume", rejoin);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      leave();
    },
  };
}

// For debugging and the browser journeys: which tab holds the stream.
function showRole(role: LiveRole | undefined) {
  if (role) document.documentElement.dataset.liveLeader = String(role === "leader");
  else delete document.documentElement.dataset.liveLeader;
}
