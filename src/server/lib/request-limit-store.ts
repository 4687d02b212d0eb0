import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export type LimitCheck = { key: string; max: number };
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request against each key's fixed window in one statement and says whether any key
 * is over its maximum. Keys are taken in sorted order, so two requests sharing keys never deadlock.
 */
export async function countRequest(db: Db, checks: LimitCheck[], windowSeconds: number): Promise<LimitVerdict> {
  if (checks.length === 0) return { allowed: true };
  const sorted = [...checks].sort((a, b) => (a.key < b.key ? -1 : 1));
  const values = sql.join(
    sorted.map((c) => sql`(${c.key}, now(), 1)`),
    sql`, `,
  );
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const result = await db.execute(sql`
    insert into request_limits as r (key, window_start, count) values ${values}
    on conflict (key) do update set
      count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end
    returning r.key, r.count, ceil(extract(epoch from (r.window_start + ${window} - now())))::int as retry`);
  const { rows } = result as unknown as { rows: { key: string; count: number; retry: number }[] };
  const maxOf = new Map(sorted.map((c) => [c.key, c.max]));
  const over = rows.filter((r) => Number(r.count) > (maxOf.get(r.key) ?? Infinity));
  if (over.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, ...over.map((r) => Number(r.retry))) };
}
