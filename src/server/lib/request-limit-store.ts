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

export type BudgetCheck = { key: string; max: number; windowSeconds: number };
export type BudgetVerdict = { allowed: true } | { allowed: false; check: BudgetCheck; retryAfterSeconds: number };

class OverBudget extends Error {}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Spends one from each budget, or from none: in one transaction each key's fixed window counts up
 * only while it is under its maximum (an atomic upsert, so two instances racing never both take the
 * last one), and the first key that is spent rolls the others back. Keys are taken in sorted order
 * so two requests sharing keys never deadlock. `now` is the app's clock, so tests can move it.
 */
export async function spendBudget(db: Db, checks: BudgetCheck[], now: Date): Promise<BudgetVerdict> {
  if (checks.length === 0) return { allowed: true };
  const sorted = [...checks].sort((a, b) => (a.key < b.key ? -1 : 1));
  const at = sql`${now.toISOString()}::timestamptz`;
  let refused: BudgetCheck | undefined;
  try {
    await db.transaction(async (tx) => {
      for (const check of sorted) {
        const expired = sql`r.window_start <= ${at} - make_interval(secs => ${check.windowSeconds})`;
        const result = await tx.execute(sql`
          insert into request_limits as r (key, window_start, count) values (${check.key}, ${at}, 1)
          on conflict (key) do update set
            count = case when ${expired} then 1 else r.count + 1 end,
            window_start = case when ${expired} then ${at} else r.window_start end
          where ${expired} or r.count < ${check.max}
          returning r.key`);
        if (rowsOf(result).length === 0) {
          refused = check;
          throw new OverBudget();
        }
      }
    });
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
  }
  if (!refused) return { allowed: true };
  const left = await db.execute(sql`
    select ceil(extract(epoch from (window_start + make_interval(secs => ${refused.windowSeconds}) - ${at})))::int as retry
    from request_limits where key = ${refused.key}`);
  const retry = Number(rowsOf<{ retry: number }>(left)[0]?.retry ?? refused.windowSeconds);
  return { allowed: false, check: refused, retryAfterSeconds: Math.max(1, retry) };
}

/** How much of a budget's current window is spent (0 once the window is over). */
export async function budgetUsed(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select count from request_limits where key = ${key} and window_start > ${at} - make_interval(secs => ${windowSeconds})`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
