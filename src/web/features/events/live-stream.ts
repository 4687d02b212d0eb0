import { backoffMs } from "@/web/lib/backoff";
import type { Connectivity } from "@/web/lib/connectivity";

/** What the stream needs of an EventSource, so tests can hand it a fake one. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => void;
  close: () => void;
};

export type LiveStreamHandlers = {
  onChange: (data: string) => void;
  /** Changes may have been missed: the server said so, or the stream was down for a while. */
  onResync: () => void;
  /** The server ended the stream for good (signed out, no longer a member). */
  onEnd: (reason: string | undefined) => void;
};

const CLOSED = 2;

/**
 * The organisation's change feed that stays connected. EventSource reconnects by itself after a
 * dropped connection, but gives up for good on an HTTP error status; and a server that cannot
 * listen to the database ends the stream with reason "unavailable". Both are retried here after
 * 1, 2, 4 … 30 s. Whenever the stream is up again after being down, `onResync` runs, since what
 * changed meanwhile was not heard.
 */
export function openLiveStream(
  url: string,
  handlers: LiveStreamHandlers,
  {
    connectivity,
    createSource = (u) => new EventSource(u),
    now = () => performance.now(),
    hasMissedChanges: hasMissedAtStart = false,
  }: {
    connectivity: Pick<Connectivity, "succeeded" | "failed">;
    createSource?: (url: string) => EventSourceLike;
    now?: () => number;
    /** Changes were missed before this stream opened (it takes over another's): its first "ready" resyncs. */
    hasMissedChanges?: boolean;
  },
) {
  let source: EventSourceLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  // Set by every drop of the stream; the next "ready" then asks for everything again.
  let hasMissedChanges = hasMissedAtStart;
  let isClosed = false;

  const retryLater = () => {
    hasMissedChanges = true;
    source?.close();
    source = undefined;
    retry = setTimeout(connect, backoffMs(failedAttempts++, { baseMs: 1000, capMs: 30_000 }));
  };

  function connect() {
    retry = undefined;
    const current = createSource(url);
    source = current;
    // A listener of a source replaced meanwhile has nothing more to say.
    const on = (type: string, listener: (event: MessageEvent<string>) => void) =>
      current.addEventListener(type, (event) => source === current && !isClosed && listener(event));
    // "ready" and "end" are news of this moment about the server and its database, so they count
    // for connectivity as a request begun now would.
    on("ready", () => {
      failedAttempts = 0;
      connectivity.succeeded(now());
      if (hasMissedChanges) handlers.onResync();
      hasMissedChanges = false;
    });
    on("change", (event) => handlers.onChange(event.data));
    on("resync", () => handlers.onResync());
    on("end", (event) => {
      const reason = reasonOf(event.data);
      if (reason === "unavailable") {
        connectivity.failed(now());
        return retryLater();
      }
      current.close();
      source = undefined;
      handlers.onEnd(reason);
    });
    // While CONNECTING the browser is already trying again; CLOSED means it gave up (an HTTP error).
    on("error", () => {
      hasMissedChanges = true;
      if (current.readyState === CLOSED) retryLater();
    });
  }

  connect();
  return {
    /** Waiting to retry? Try now: the server or the network is back. */
    reconnectNow() {
      if (isClosed || !retry) return;
      clearTimeout(retry);
      connect();
    },
    close() {
      isClosed = true;
      clearTimeout(retry);
      source?.close();
      source = undefined;
    },
  };
}

function reasonOf(data: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" && "reason" in parsed && typeof parsed.reason === "string" ? parsed.reason : undefined;
  } catch {
    return undefined;
  }
}
