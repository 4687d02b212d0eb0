import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConnectivity } from "@/web/lib/connectivity";
import { openLiveStream, type EventSourceLike } from "./live-stream";

type Listener = (event: MessageEvent<string>) => void;

class FakeSource implements EventSourceLike {
  readyState = 0;
  isClosed = false;
  private listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
    this.readyState = 2;
  }
  emit(type: string, data = "", readyState = this.readyState) {
    this.readyState = readyState;
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
}

function opened(options: { hasMissedChanges?: boolean } = {}) {
  const sources: FakeSource[] = [];
  const connectivity = createConnectivity();
  const calls = { changes: [] as string[], resyncs: 0, ends: [] as (string | undefined)[] };
  const stream = openLiveStream(
    "/events",
    { onChange: (d) => calls.changes.push(d), onResync: () => void (calls.resyncs += 1), onEnd: (r) => void calls.ends.push(r) },
    { connectivity, createSource: () => (sources.push(new FakeSource()), sources.at(-1)!), now: () => Date.now(), ...options },
  );
  return { stream, sources, connectivity, calls, latest: () => sources.at(-1)! };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the live stream", () => {
  it("passes changes on; the first ready asks for nothing, a ready after the browser reconnected asks for a resync", () => {
    const { latest, calls } = opened();
    latest().emit("ready", "{}", 1);
    latest().emit("change", '{"entity":"task"}');
    expect(calls).toEqual({ changes: ['{"entity":"task"}'], resyncs: 0, ends: [] });
    latest().emit("error", "", 0); // connection dropped: EventSource reconnects by itself
    latest().emit("ready", "{}", 1);
    expect(calls.resyncs).toBe(1);
  });

  it("resyncs on its first ready when it takes over from another tab's stream", () => {
    const { latest, calls } = opened({ hasMissedChanges: true });
    latest().emit("ready", "{}", 1);
    expect(calls.resyncs).toBe(1);
    latest().emit("ready", "{}", 1);
    expect(calls.resyncs).toBe(1);
  });

  it("passes the server's own resync on", () => {
    const { latest, calls } = opened();
    latest().emit("ready", "{}", 1);
    latest().emit("resync", '{"reason":"reconnected"}');
    expect(calls.resyncs).toBe(1);
  });

  it("reconnects after an HTTP error closed it for good, backing off 1, 2, 4 s, and resyncs once back", () => {
    const { latest, sources, calls } = opened();
    latest().emit("error", "", 2);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    latest().emit("error", "", 2);
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    latest().emit("error", "", 2);
    vi.advanceTimersByTime(4000);
    expect(sources).toHaveLength(4);
    latest().emit("ready", "{}", 1);
    expect(calls.resyncs).toBe(1);
    // Once up, the backoff starts over.
    latest().emit("error", "", 2);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(5);
  });

  it("treats end 'unavailable' as a passing outage: closes, reports it, reconnects after a backoff", () => {
    const { latest, sources, calls, connectivity } = opened();
    latest().emit("ready", "{}", 1);
    latest().emit("end", '{"reason":"unavailable"}');
    expect(sources[0]!.isClosed).toBe(true);
    expect(connectivity.getState().status).toBe("suspect");
    expect(calls.ends).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
    latest().emit("ready", "{}", 1);
    expect(calls.resyncs).toBe(1);
    expect(connectivity.getState().status).toBe("ok");
  });

  it("stops for good when the server ends it for any other reason", () => {
    const { latest, sources, calls } = opened();
    latest().emit("ready", "{}", 1);
    latest().emit("end", '{"reason":"signed_out"}');
    expect(calls.ends).toEqual(["signed_out"]);
    expect(sources[0]!.isClosed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });

  it("reconnects at once when asked while waiting, and not at all once closed", () => {
    const { latest, sources, stream } = opened();
    latest().emit("error", "", 2);
    stream.reconnectNow();
    expect(sources).toHaveLength(2);
    stream.reconnectNow(); // not waiting: nothing to do
    expect(sources).toHaveLength(2);
    latest().emit("error", "", 2);
    stream.close();
    vi.advanceTimersByTime(60_000);
    stream.reconnectNow();
    expect(sources).toHaveLength(2);
    expect(sources[1]!.isClosed).toBe(true);
  });

  it("ignores what a replaced source still says", () => {
    const { sources, calls } = opened();
    sources[0]!.emit("error", "", 2);
    vi.advanceTimersByTime(1000);
    sources[0]!.emit("change", "late");
    expect(calls.changes).toEqual([]);
  });
});
