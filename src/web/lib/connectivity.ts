import { backoffMs } from "./backoff";

/**
 * "ok"; "suspect" after one request found the server unreachable (a lone 503 may be a busy
 * database, so the server's health is asked once before anyone is told); "down" after two in a row.
 */
export type ConnectivityStatus = "ok" | "suspect" | "down";
export type ConnectivityState = { status: ConnectivityStatus; isOffline: boolean };

const DOWN_AFTER_FAILURES = 2;

/**
 * Whether the server can be reached, from what this tab's requests (and the browser's offline
 * flag) report. Outcomes arrive out of order, so each one counts only if its request started no
 * earlier than the last counted outcome of the other kind: a slow request that began before the
 * outage cannot hide the banner, nor a retry begun before the recovery show it again.
 */
export function createConnectivity() {
  let state: ConnectivityState = { status: "ok", isOffline: false };
  let failures = 0;
  let lastOkStart = -Infinity;
  let lastFailureStart = -Infinity;
  let retryAfterMs: number | undefined;
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();

  const set = (next: ConnectivityState) => {
    if (next.status === state.status && next.isOffline === state.isOffline) return;
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    /** For useSyncExternalStore: called on every change of state. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called once each time the server is reachable again after it was down. */
    onRecovered(listener: () => void) {
      recoveredListeners.add(listener);
      return () => void recoveredListeners.delete(listener);
    },
    /** A request that started at `startedAt` found the server unreachable (network error, 502, 503, 504). */
    failed(startedAt: number, options: { retryAfterMs?: number } = {}) {
      if (startedAt < lastOkStart) return;
      lastFailureStart = Math.max(lastFailureStart, startedAt);
      failures += 1;
      retryAfterMs = options.retryAfterMs;
      set({ ...state, status: failures >= DOWN_AFTER_FAILURES ? "down" : "suspect" });
    },
    /** A request that started at `startedAt` got its answer. */
    succeeded(startedAt: number) {
      if (startedAt < lastFailureStart) return;
      lastOkStart = Math.max(lastOkStart, startedAt);
      const wasDown = state.status === "down";
      failures = 0;
      retryAfterMs = undefined;
      set({ ...state, status: "ok" });
      if (wasDown) recoveredListeners.forEach((listener) => listener());
    },
    setOffline(isOffline: boolean) {
      set({ ...state, isOffline });
    },
    /** When to ask the server's health next, while it is suspect or down: 1 s, then 2, 4, 5, 5 s… */
    nextProbeInMs(): number {
      if (state.status === "suspect") return backoffMs(0, { baseMs: 1000, capMs: 5000, retryAfterMs });
      return backoffMs(failures - DOWN_AFTER_FAILURES, { baseMs: 2000, capMs: 5000, retryAfterMs });
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;

/** The one of this tab: api() reports every request to it, the banner and the change feed read it. */
export const connectivity = createConnectivity();
