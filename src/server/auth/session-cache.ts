import { createHash } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db/client";
import type { Backoff } from "../lib/backoff";
import { superviseListener, type ListenerStatus } from "../lib/listener-supervisor";
import type { Logger } from "../lib/logger";

/** Told by the triggers of migration 0011 whenever a session, a user or a membership changes. */
export const AUTH_CHANGES_CHANNEL = "whq_auth_changes";

const authChange = z.object({ user_id: z.string().min(1), org_id: z.string().optional() });

/** What a loader found: remembered for `userId` until `until` (ms since the epoch), or not at all without them. */
export type Loaded<T> = { value: T; userId?: string; until?: number };

export type SessionCache = {
  /** The answer for `key`: from memory while that can be trusted, else from `load` (remembered when it says so). */
  read: <T>(key: string, load: () => Promise<Loaded<T>>) => Promise<T>;
  /** Listening for changes, so memory may be trusted; false while connecting, reconnecting or disabled. */
  isTrusted: () => boolean;
  status: () => ListenerStatus;
  size: () => number;
  close: () => Promise<void>;
};

export type SessionCacheOptions = { enabled: boolean; ttlMs: number; maxEntries?: number; backoff?: Backoff; now?: () => number };

/** A cookie header names a session: its hash is the key, so memory never holds a usable token. */
export const sessionKey = (cookieHeader: string) => `session:${createHash("sha256").update(cookieHeader).digest("base64url")}`;
export const membershipKey = (userId: string, orgId: string) => `member:${userId}:${orgId}`;

type Entry = { value: unknown; userId: string; until: number };
type Overlap = { all: boolean; users: Set<string>; keys: Set<string> };

/**
 * Sessions and memberships in memory, so the hot path skips two round trips. Revocation stays
 * immediate: every instance LISTENs for changes and forgets what they touch. While it is not
 * listening (database away, reconnecting) nothing is read from or written to memory, and what
 * it held is dropped when listening resumes, since changes meanwhile were never heard.
 */
export function createSessionCache(database: Pick<Database, "listen">, logger: Logger, options: SessionCacheOptions): SessionCache {
  const { enabled, ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  // Loads under way, and what changes they overlapped: such a load may have read the old row.
  const loading = new Set<Overlap>();
  let closed = false;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  };
  const clear = () => {
    for (const overlap of loading) overlap.all = true;
    entries.clear();
    byUser.clear();
  };
  const forget = (payload: string) => {
    let parsed: z.infer<typeof authChange>;
    try {
      parsed = authChange.parse(JSON.parse(payload));
    } catch {
      // Unreadable: forgetting everything is always safe.
      logger.warn("unreadable auth change notification; dropping the session cache", { payload });
      return clear();
    }
    if (parsed.org_id) {
      const key = membershipKey(parsed.user_id, parsed.org_id);
      for (const overlap of loading) overlap.keys.add(key);
      return remove(key);
    }
    for (const overlap of loading) overlap.users.add(parsed.user_id);
    for (const key of [...(byUser.get(parsed.user_id) ?? [])]) remove(key);
  };

  const supervisor = superviseListener({
    listen: (onLost) => database.listen(AUTH_CHANGES_CHANNEL, forget, onLost),
    onUp: clear,
    logger,
    backoff: options.backoff,
  });
  const isTrusted = () => {
    if (!enabled || closed) return false;
    supervisor.start();
    if (supervisor.status().state === "up") return true;
    supervisor.nudge();
    return false;
  };

  return {
    read: async <T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> => {
      if (!isTrusted()) return (await load()).value;
      const hit = entries.get(key);
      if (hit && hit.until > now()) {
        // Most recently used last, so the oldest is evicted first.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as T;
      }
      if (hit) remove(key);
      const overlap: Overlap = { all: false, users: new Set(), keys: new Set() };
      loading.add(overlap);
      let loaded: Loaded<T>;
      try {
        loaded = await load();
      } finally {
        loading.delete(overlap);
      }
      const until = Math.min(loaded.until ?? 0, now() + ttlMs);
      if (loaded.userId === undefined || until <= now() || !isTrusted()) return loaded.value;
      if (overlap.all || overlap.users.has(loaded.userId) || overlap.keys.has(key)) return loaded.value;
      remove(key);
      entries.set(key, { value: loaded.value, userId: loaded.userId, until });
      byUser.set(loaded.userId, (byUser.get(loaded.userId) ?? new Set()).add(key));
      if (entries.size > maxEntries) remove(entries.keys().next().value!);
      return loaded.value;
    },
    isTrusted,
    status: () => supervisor.status(),
    size: () => entries.size,
    close: async () => {
      closed = true;
      await supervisor.stop();
      clear();
    },
  };
}
