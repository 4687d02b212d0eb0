/**
 * What the organisation's stream says, as every tab hears it. "up" and "down" are the stream's
 * news about the server (it answered; it is unavailable), for each tab's connectivity.
 */
export type LiveEvent = { type: "change"; data: string } | { type: "resync" } | { type: "end"; reason: string | undefined } | { type: "up" } | { type: "down" };

// Besides the leader's events: a new follower's "hello", which the leader answers with "leader"
// (so the follower knows a stream was running), and a follower's "reconnect" (try again now).
type RelayMessage = LiveEvent | { type: "hello" } | { type: "leader" } | { type: "reconnect" };

/** What the relay needs of a BroadcastChannel, so tests can hand it a fake pair. */
export type ChannelLike = {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage: (message: RelayMessage) => void;
  close: () => void;
};

/** What the relay needs of `navigator.locks`. */
export type LocksLike = {
  request: (name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>) => Promise<unknown>;
};

export type LiveStreamControl = { reconnectNow: () => void; close: () => void };
export type LiveRole = "leader" | "follower";

const eventTypes = new Set(["change", "resync", "end", "up", "down"]);
const messageTypes = new Set([...eventTypes, "hello", "leader", "reconnect"]);
// Another build of the app in another tab may speak differently: only what we know counts.
const isRelayMessage = (data: unknown): data is RelayMessage =>
  !!data && typeof data === "object" && "type" in data && typeof data.type === "string" && messageTypes.has(data.type);
const isLiveEvent = (message: RelayMessage): message is LiveEvent => eventTypes.has(message.type);

/**
 * One stream for all tabs of a browser: the tab holding the lock `name` opens it and relays every
 * event over `channel`; the others deliver what they are relayed. Each tab delivers to itself, so
 * each applies its own logic (its own writes' echoes among it). When the leader's tab closes, the
 * browser gives the lock to a waiting tab, whose stream's first "ready" then resyncs every tab,
 * since changes made during the hand-over were not heard.
 */
export function shareLiveStream({
  name,
  channel,
  locks,
  open,
  deliver,
  onRole,
}: {
  name: string;
  channel: ChannelLike;
  locks: LocksLike;
  /** Opens the real stream; with `hasMissedChanges`, its first "ready" emits a resync. */
  open: (emit: (event: LiveEvent) => void, options: { hasMissedChanges: boolean }) => LiveStreamControl;
  deliver: (event: LiveEvent) => void;
  onRole?: (role: LiveRole | undefined) => void;
}): LiveStreamControl {
  let stream: LiveStreamControl | undefined;
  let stepDown: (() => void) | undefined;
  let hasHeardLeader = false;
  let isClosed = false;
  const waiting = new AbortController();

  const emit = (event: LiveEvent) => {
    deliver(event);
    channel.postMessage(event);
  };

  channel.onmessage = ({ data }: MessageEvent) => {
    if (isClosed || !isRelayMessage(data)) return;
    if (stream) {
      if (data.type === "hello") channel.postMessage({ type: "leader" });
      else if (data.type === "reconnect") stream.reconnectNow();
      return;
    }
    if (data.type === "leader" || isLiveEvent(data)) hasHeardLeader = true;
    if (isLiveEvent(data)) deliver(data);
  };

  // Resolves, releasing the lock, when this tab closes its side.
  const lead = () =>
    new Promise<void>((resolve) => {
      if (isClosed) return resolve();
      stepDown = resolve;
      stream = open(emit, { hasMissedChanges: hasHeardLeader });
      onRole?.("leader");
    });

  locks
    .request(name, { ifAvailable: true }, async (lock) => {
      if (lock) return lead();
      if (isClosed) return;
      onRole?.("follower");
      channel.postMessage({ type: "hello" });
      // Granted when the leader's tab closes or steps down; abandoned when this side closes first.
      locks.request(name, { signal: waiting.signal }, lead).catch(() => undefined);
    })
    .catch(() => undefined);

  return {
    reconnectNow() {
      if (stream) stream.reconnectNow();
      else if (!isClosed) channel.postMessage({ type: "reconnect" });
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      waiting.abort();
      channel.onmessage = null;
      channel.close();
      stream?.close();
      stream = undefined;
      stepDown?.();
      onRole?.(undefined);
    },
  };
}
