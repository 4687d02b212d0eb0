import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Tx = Pick<Db, "execute">;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A rank after every card of the column: a new or repeated task goes to the bottom. */
export async function rankAtEnd(tx: Tx, orgId: string, status: string): Promise<string> {
  const [last] = rowsOf<{ rank: string }>(
    await tx.execute(sql`select rank from tasks where org_id = ${orgId} and status = ${status} order by rank collate "C" desc, id desc limit 1`),
  );
  return generateKeyBetween(last?.rank ?? null, null);
}

/**
 * Gives a column's cards distinct, evenly spread ranks in their present order (rank, then id).
 * Needed only where ranks tie: tasks from before the board all start at "a0".
 */
export async function respreadColumn(tx: Tx, orgId: string, status: string, exceptId: string): Promise<Map<string, string>> {
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from tasks where org_id = ${orgId} and status = ${status} and id <> ${exceptId} order by rank collate "C", id for update`),
  ).map((r) => r.id);
  const keys = generateNKeysBetween(null, null, ids.length);
  const ranks = new Map(ids.map((id, i) => [id, keys[i]!]));
  if (ids.length > 0) {
    // One statement, the pairs as JSON: both drivers pass it as one text parameter.
    const pairs = JSON.stringify(ids.map((id, i) => ({ id, rank: keys[i] })));
    await tx.execute(sql`update tasks set rank = v.rank from json_to_recordset(${pairs}::json) as v(id uuid, rank text) where tasks.id = v.id`);
  }
  return ranks;
}

/** A key strictly between two neighbours' (either may be an end); null when they tie or are out of order. */
export function keyBetween(after: string | null, before: string | null): string | null {
  if (after !== null && before !== null && after >= before) return null;
  try {
    return generateKeyBetween(after, before);
  } catch {
    return null;
  }
}
