import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../lib/logger";
import { createSessionCache, membershipKey, sessionKey, type Loaded } from "./session-cache";

/** A database whose LISTEN the test controls: it can refuse, deliver and break. */
function fakeListen() {
  const state = { refuse: false, onPayload: undefined as ((p: string) => void) | undefined, onLost: undefined as ((e: unknown) => void) | undefined, attempts: 0 };
  const database = {
    listen: async (_channel: string, onPayload: (p: string) => void, onLost?: (e: unknown) => void) => {
      state.attempts++;
      if (state.refuse) throw new Error("database away");
      state.onPayload = onPayload;
      state.onLost = onLost;
      return async () => undefined;
    },
  };
  return { database, state };
}

const silent = createLogger("silent");
const fast = { baseMs: 5, capMs: 10 };

async function upCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const { database, state } = fakeListen();
  const cache = createSessionCache(database, silent, { enabled: true, ttlMs: options.ttlMs ?? 30_000, maxEntries: options.maxEntries, backoff: fast, now: options.now });
  cache.isTrusted();
  await vi.waitFor(() => expect(cache.isTrusted()).toBe(true));
  return { cache, state };
}

/** A loader counting its calls, answering for `userId` until far away. */
function counting<T>(value: T, userId = "u1", until = Infinity) {
  const load = vi.fn(async (): Promise<Loaded<T>> => ({ value, userId, until }));
  return load;
}

describe("session cache", () => {
  it("answers a repeat lookup from memory", async () => {
    const { cache } = await upCache();
    const load = counting("owner");
    expect(await cache.read("k", load)).toBe("owner");
    expect(await cache.read("k", load)).toBe("owner");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never remembers an answer without a user, nor past its own deadline or the TTL", async () => {
    let clock = 1_000_000;
    const { cache } = await upCache({ ttlMs: 1_000, now: () => clock });
    const refused = vi.fn(async (): Promise<Loaded<null>> => ({ value: null }));
    await cache.read("a", refused);
    await cache.read("a", refused);
    expect(refused).toHaveBeenCalledTimes(2);
    const ending = counting("x", "u1", clock + 100);
    await cache.read("b", ending);
    clock += 101;
    await cache.read("b", ending);
    expect(ending).toHaveBeenCalledTimes(2);
    const long = counting("y");
    await cache.read("c", long);
    clock += 999;
    await cache.read("c", long);
    clock += 2;
    await cache.read("c", long);
    expect(long).toHaveBeenCalledTimes(2);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const { cache } = await upCache({ maxEntries: 2 });
    const load = counting("v");
    await cache.read("a", load);
    await cache.read("b", load);
    await cache.read("a", load);
    await cache.read("c", load);
    expect(cache.size()).toBe(2);
    load.mockClear();
    await cache.read("a", load);
    expect(load).not.toHaveBeenCalled();
    await cache.read("b", load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a user's sessions, or one membership, when told", async () => {
    const { cache, state } = await upCache();
    const load = counting("v");
    const [s1, s2, m1, m2] = [sessionKey("a=1"), sessionKey("a=2"), membershipKey("u1", "o1"), membershipKey("u1", "o2")];
    for (const key of [s1, s2, m1, m2]) await cache.read(key, load);
    state.onPayload?.(JSON.stringify({ user_id: "u1", org_id: "o1" }));
    expect(cache.size()).toBe(3);
    state.onPayload?.(JSON.stringify({ user_id: "u2" }));
    expect(cache.size()).toBe(3);
    state.onPayload?.(JSON.stringify({ user_id: "u1" }));
    expect(cache.size()).toBe(0);
    await cache.read(s1, load);
    state.onPayload?.("not json");
    expect(cache.size()).toBe(0);
  });

  it("does not remember what a load read before a change of that user or membership it overlapped", async () => {
    const { cache, state } = await upCache();
    const loadDuring = (payload: object) =>
      vi.fn(async (): Promise<Loaded<string>> => {
        state.onPayload?.(JSON.stringify(payload));
        return { value: "maybe stale", userId: "u1", until: Infinity };
      });
    await cache.read(sessionKey("a=1"), loadDuring({ user_id: "u1" }));
    await cache.read(membershipKey("u1", "o1"), loadDuring({ user_id: "u1", org_id: "o1" }));
    expect(cache.size()).toBe(0);
    // Another user's change, or another membership's, says nothing about this load.
    await cache.read(sessionKey("a=1"), loadDuring({ user_id: "u2" }));
    await cache.read(membershipKey("u1", "o1"), loadDuring({ user_id: "u1", org_id: "o2" }));
    expect(cache.size()).toBe(2);
  });

  it("is bypassed while not listening, and starts empty once listening again", async () => {
    const { cache, state } = await upCache();
    const load = counting("v");
    await cache.read("k", load);
    state.refuse = true;
    state.onLost?.(new Error("connection reset"));
    expect(cache.isTrusted()).toBe(false);
    await cache.read("k", load);
    await cache.read("other", load);
    expect(load).toHaveBeenCalledTimes(3);
    state.refuse = false;
    await vi.waitFor(() => expect(cache.isTrusted()).toBe(true));
    expect(cache.size()).toBe(0);
    await cache.read("k", load);
    expect(load).toHaveBeenCalledTimes(4);
    await cache.close();
    expect(cache.isTrusted()).toBe(false);
  });

  it("is bypassed before the first LISTEN succeeds, and when disabled", async () => {
    const { database, state } = fakeListen();
    state.refuse = true;
    const cache = createSessionCache(database, silent, { enabled: true, ttlMs: 30_000, backoff: fast });
    const load = counting("v");
    await cache.read("k", load);
    await cache.read("k", load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.close();
    const off = createSessionCache(fakeListen().database, silent, { enabled: false, ttlMs: 30_000 });
    await off.read("k", load);
    await off.read("k", load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(off.status().state).toBe("idle");
  });
});
