import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { RETENTION_RULES, type RetentionSettings } from "./retention-rules";

export type PruneOptions = { settings: RetentionSettings; batchRows: number; maxBatches: number };

/**
 * One pass over every rule: each table loses its rows past their time in batches of `batchRows`,
 * each batch its own short statement, at most `maxBatches` a table per pass (the next pass goes on).
 * Returns how many rows each table lost.
 */
export async function pruneOnce(db: Db, { settings, batchRows, maxBatches }: PruneOptions): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    let gone = 0;
    for (let i = 0; i < maxBatches; i++) {
      const result = (await db.execute(sql`${rule.batch(settings, batchRows)} returning 1`)) as unknown as { rows: unknown[] };
      const count = result.rows.length;
      gone += count;
      if (count < batchRows) break;
    }
    removed[rule.table] = gone;
  }
  return removed;
}
