import { describe, expect, it, vi } from "vitest";
import { shareLiveStream, type ChannelLike, type LiveEvent, type LiveRole, type LocksLike } from "./live-relay";

/** BroadcastChannels of one name: a message reaches every other open one, later, as a copy. */
function createChannels() {
  const open = new Set<ChannelLike>();
  return () => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        for (const other of open) if (other !== channel) queueMicrotask(() => open.has(other) && other.onmessage?.({ data: structuredClone(message) } as MessageEvent));
      },
      close: () => void open.delete(channel),
    };
    open.add(channel);
    return channel;
  };
}

/** Web Locks of one browser: one holder per name, a queue of waiters; a closing tab loses its own. */
function createLocks() {
  type Waiter = { tab: number; grant: () => void };
  let holder: number | undefined;
  let release: (() => void) | undefined;
  const queue: Waiter[] = [];
  const next = () => queue.shift()?.grant();
  const forTab = (tab: number): LocksLike => ({
    request: (_name, options, callback) =>
      new Promise((resolve) => {
        const grant = () => {
          holder = tab;
          const done = () => {
            if (holder !== tab) return;
            holder = release = undefined;
            resolve(undefined);
            next();
          };
          release = done;
          void callback({}).then(done);
        };
        if (holder === undefined && queue.length === 0) return grant();
        if (options.ifAvailable) return void callback(null).then(resolve);
        const waiter = { tab, grant };
        queue.push(waiter);
        options.signal?.addEventListener("abort", () => queue.includes(waiter) && queue.splice(queue.indexOf(waiter), 1));
      }),
  });
  return {
    forTab,
    holder: () => holder,
    /** The tab closed: the browser releases its lock and forgets its requests, no code of it runs. */
    closeTab(tab: number) {
      for (const waiter of queue.filter((w) => w.tab === tab)) queue.splice(queue.indexOf(waiter), 1);
      if (holder === tab) release?.();
    },
  };
}

function createBrowser() {
  const channel = createChannels();
  const locks = createLocks();
  const streams: { tab: number; hasMissedChanges: boolean; emit: (event: LiveEvent) => void; reconnectNow: () => void; isClosed: boolean }[] = [];
  const tabs: { heard: LiveEvent[]; roles: (LiveRole | undefined)[]; channel: ChannelLike; control: ReturnType<typeof shareLiveStream> }[] = [];
  const openTab = () => {
    const tab = tabs.length;
    const heard: LiveEvent[] = [];
    const roles: (LiveRole | undefined)[] = [];
    const tabChannel = channel();
    const control = shareLiveStream({
      name: "live:org",
      channel: tabChannel,
      locks: locks.forTab(tab),
      open: (emit, { hasMissedChanges }) => {
        const stream = { tab, hasMissedChanges, emit, reconnectNow: vi.fn(), isClosed: false };
        streams.push(stream);
        return { reconnectNow: stream.reconnectNow, close: () => void (stream.isClosed = true) };
      },
      deliver: (event) => heard.push(event),
      onRole: (role) => roles.push(role),
    });
    tabs.push({ heard, roles, channel: tabChannel, control });
    return tabs[tab]!;
  };
  const openStreams = () => streams.filter((s) => !s.isClosed);
  return { openTab, tabs, streams, openStreams, locks };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const change: LiveEvent = { type: "change", data: '{"entity":"task","id":"t1","action":"created"}' };

describe("one live stream shared by the tabs of a browser", () => {
  it("the first tab holds the stream; every tab hears every event, the same data, once", async () => {
    const browser = createBrowser();
    const [a, b, c] = [browser.openTab(), browser.openTab(), browser.openTab()];
    await settle();
    expect(browser.streams).toHaveLength(1);
    expect(browser.streams[0]).toMatchObject({ tab: 0, hasMissedChanges: false });
    expect([a.roles, b.roles, c.roles]).toEqual([["leader"], ["follower"], ["follower"]]);

    const events: LiveEvent[] = [{ type: "up" }, change, { type: "resync" }, { type: "down" }, { type: "end", reason: "signed_out" }];
    for (const event of events) browser.streams[0]!.emit(event);
    await settle();
    for (const tab of [a, b, c]) expect(tab.heard).toEqual(events);
  });

  it("a follower's reconnect request reaches the leader's stream", async () => {
    const browser = createBrowser();
    const [a, b] = [browser.openTab(), browser.openTab()];
    await settle();
    b.control.reconnectNow();
    await settle();
    expect(browser.streams[0]!.reconnectNow).toHaveBeenCalledTimes(1);
    a.control.reconnectNow();
    expect(browser.streams[0]!.reconnectNow).toHaveBeenCalledTimes(2);
  });

  it("when the leader's tab closes, a follower opens the stream, which resyncs every tab once ready", async () => {
    const browser = createBrowser();
    const [, b, c] = [browser.openTab(), browser.openTab(), browser.openTab()];
    await settle();
    browser.locks.closeTab(0);
    browser.streams[0]!.isClosed = true; // the browser closed the tab's EventSource with it
    await settle();
    expect(browser.openStreams()).toHaveLength(1);
    const next = browser.openStreams()[0]!;
    expect(next).toMatchObject({ tab: 1, hasMissedChanges: true });
    expect(b.roles).toEqual(["follower", "leader"]);

    next.emit({ type: "resync" });
    next.emit(change);
    await settle();
    expect(b.heard).toEqual([{ type: "resync" }, change]);
    expect(c.heard).toEqual([{ type: "resync" }, change]);
  });

  it("a tab that leaves (unmounts, freezes) closes its stream and hands over; it hears nothing more", async () => {
    const browser = createBrowser();
    const [a, b] = [browser.openTab(), browser.openTab()];
    await settle();
    a.control.close();
    expect(browser.streams[0]!.isClosed).toBe(true);
    expect(a.roles.at(-1)).toBeUndefined();
    await settle();
    expect(browser.locks.holder()).toBe(1);
    expect(browser.openStreams().map((s) => s.tab)).toEqual([1]);
    browser.streams[1]!.emit(change);
    await settle();
    expect(a.heard).toEqual([]);
    expect(b.heard).toEqual([change]);
  });

  it("a follower that left before its turn never opens a stream", async () => {
    const browser = createBrowser();
    const [a, b, c] = [browser.openTab(), browser.openTab(), browser.openTab()];
    await settle();
    b.control.close();
    a.control.close();
    await settle();
    expect(browser.openStreams().map((s) => s.tab)).toEqual([2]);
    expect(b.roles).toEqual(["follower", undefined]);
    expect(c.roles).toEqual(["follower", "leader"]);
  });

  it("a tab that finds the lock taken but never heard a leader (its own page reloading) does not resync on taking over", async () => {
    const browser = createBrowser();
    browser.openTab();
    await settle();
    browser.tabs[0]!.channel.close(); // the old page runs no more code...
    browser.streams[0]!.isClosed = true;
    browser.openTab();
    await settle();
    browser.locks.closeTab(0); // ...and lets go of its lock only after the new page asked
    await settle();
    expect(browser.openStreams()).toEqual([expect.objectContaining({ tab: 1, hasMissedChanges: false })]);
  });

  it("ignores messages it does not know, such as another build's", async () => {
    const browser = createBrowser();
    browser.openTab();
    const b = browser.openTab();
    await settle();
    browser.streams[0]!.emit({ type: "reload" } as unknown as LiveEvent);
    browser.streams[0]!.emit(change);
    await settle();
    expect(b.heard).toEqual([change]);
  });
});
