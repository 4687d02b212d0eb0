import { sqlStateOf } from "../lib/database-errors";
import type { Db } from "./client";

// Postgres aborts one side of a deadlock (40P01) or a serialization conflict (40001); running the
// whole transaction again is the documented remedy, and it is safe because nothing was committed.
const RETRYABLE = new Set(["40001", "40P01"]);
export const TRANSACTION_ATTEMPTS = 4;

export const isRetryableConflict = (error: unknown): boolean => RETRYABLE.has(sqlStateOf(error) ?? "");

/**
 * Makes db.transaction retry a transaction that lost a deadlock or serialization conflict, a
 * bounded number of times with a short jittered pause: the one place this happens, so no verb
 * retries on its own. What still fails reaches the error handler as 503 with Retry-After.
 */
export function retryTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40));
      }
    }
  }) as Db["transaction"];
  return db;
}
