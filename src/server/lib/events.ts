import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { change, type Change, type ResyncReason, type StreamEndReason } from "@/shared/changes";
import type { Backoff } from "./backoff";
import { superviseListener, type ListenerStatus } from "./listener-supervisor";
import type { Logger } from "./logger";

export const CHANGES_CHANNEL = "whq_changes";

export { change, type Change } from "@/shared/changes";

/**
 * Called inside the write's transaction: Postgres delivers the notification only if it commits,
 * and to every instance listening, so tabs served by other instances hear of it too.
 */
export async function publishChange(tx: Pick<Db, "execute">, orgId: string, c: Omit<Change, "org_id">): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ org_id: orgId, ...c })})`);
}

/** What a subscriber hears: a change, "you may have missed some" or "this feed is ending". */
export type HubEvent = { type: "change"; change: Change } | { type: "resync"; reason: ResyncReason } | { type: "end"; reason: StreamEndReason };

/** Thrown by subscribe when no LISTEN could be had in time; the stream tells its reader to come back later. */
export class ListenerUnavailableError extends Error {
  constructor() {
    super("not listening for changes right now");
  }
}

export type ChangeHub = {
  /** Resolves once listening (rejects with ListenerUnavailableError if that does not happen soon). */
  subscribe: (orgId: string, listener: (event: HubEvent) => void) => Promise<() => void>;
  status: () => ListenerStatus;
  /** Ends every subscriber's feed, waits a little for them to let go, and stops listening. */
  close: () => Promise<void>;
};

export type ChangeHubOptions = { backoff?: Backoff; random?: () => number; closeGraceMs?: number };

/** How long `close` waits, by default, for the open streams to let go once told to end. */
export const STREAMS_END_GRACE_MS = 2_000;

/**
 * One LISTEN per process, fanned out to the open event streams of each organisation. The LISTEN
 * is kept alive by a supervisor; every time it comes back, each open stream gets a resync, since
 * changes committed while it was away were never heard.
 */
export function createChangeHub(database: Pick<Database, "listen" | "connectTimeoutMs">, logger: Logger, options: ChangeHubOptions = {}): ChangeHub {
  const byOrg = new Map<string, Set<(event: HubEvent) => void>>();
  const everyone = () => [...byOrg.values()].flatMap((set) => [...set]);
  let closed = false;
  let drained: (() => void) | undefined;
  const dispatch = (payload: string) => {
    let raw: unknown;
    try {
      raw = JSON.parse(payload);
    } catch {
      raw = undefined;
    }
    const parsed = change.safeParse(raw);
    if (!parsed.success) return logger.warn("ignored malformed change notification", { payload });
    byOrg.get(parsed.data.org_id)?.forEach((l) => l({ type: "change", change: parsed.data }));
  };
  const supervisor = superviseListener({
    listen: (onLost) => database.listen(CHANGES_CHANNEL, dispatch, onLost),
    onUp: () => everyone().forEach((l) => l({ type: "resync", reason: "reconnected" })),
    logger,
    backoff: options.backoff,
    random: options.random,
  });
  return {
    subscribe: async (orgId, listener) => {
      if (closed) throw new ListenerUnavailableError();
      supervisor.start();
      supervisor.nudge();
      // About one connection attempt's worth of waiting: longer only holds the request for nothing.
      if (!(await supervisor.waitUntilUp(database.connectTimeoutMs + 500)) || closed) throw new ListenerUnavailableError();
      const set = byOrg.get(orgId) ?? new Set();
      set.add(listener);
      byOrg.set(orgId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byOrg.get(orgId) === set) byOrg.delete(orgId);
        if (byOrg.size === 0) drained?.();
      };
    },
    status: () => supervisor.status(),
    close: async () => {
      closed = true;
      const open = everyone();
      if (open.length > 0) {
        const gone = new Promise<void>((resolve) => (drained = resolve));
        open.forEach((l) => l({ type: "end", reason: "unavailable" }));
        await Promise.race([gone, new Promise((r) => setTimeout(r, options.closeGraceMs ?? STREAMS_END_GRACE_MS).unref())]);
      }
      byOrg.clear();
      await supervisor.stop();
    },
  };
}
