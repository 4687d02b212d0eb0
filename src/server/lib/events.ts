import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { change, type Change } from "@/shared/changes";
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

export type ChangeHub = {
  subscribe: (orgId: string, listener: (c: Change) => void) => Promise<() => void>;
  close: () => Promise<void>;
};

/** One LISTEN per process, fanned out to the open event streams of each organisation. */
export function createChangeHub(database: Database, logger: Logger): ChangeHub {
  const byOrg = new Map<string, Set<(c: Change) => void>>();
  let listening: Promise<() => Promise<void>> | undefined;
  const dispatch = (payload: string) => {
    let raw: unknown;
    try {
      raw = JSON.parse(payload);
    } catch {
      raw = undefined;
    }
    const parsed = change.safeParse(raw);
    if (!parsed.success) return logger.warn("ignored malformed change notification", { payload });
    byOrg.get(parsed.data.org_id)?.forEach((l) => l(parsed.data));
  };
  return {
    subscribe: async (orgId, listener) => {
      listening ??= database.listen(CHANGES_CHANNEL, dispatch);
      await listening;
      const set = byOrg.get(orgId) ?? new Set();
      set.add(listener);
      byOrg.set(orgId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byOrg.delete(orgId);
      };
    },
    close: async () => {
      byOrg.clear();
      if (listening) await (await listening)();
    },
  };
}
