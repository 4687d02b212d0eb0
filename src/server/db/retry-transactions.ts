import { sqlStateOf } from "../lib/database-errors";
import type { Db } from "./client";

// Postgres aborts one side of a deadlock (40P01) or a serialization conflict (40001); running the
// whole transaction again is the documented remedy, and it is safe because nothing was committed.
const RETRYABLE = new Set(["40001", "40P01"]);
export const TRANSACTION_ATTEMPTS = 4;
// A transaction whose BEGIN met a dead connection (pooled-transactions.ts) ran nothing: it is
// tried once more, at once, on another connection.
const BEGIN_ATTEMPTS = 2;

export const isRetryableConflict = (error: unknown): boolean => RETRYABLE.has(sqlStateOf(error) ?? "");

const neverBegan = new WeakSet<object>();

/** Marks the error of a transaction that never began (its BEGIN failed), so it is retried; returns it unchanged. */
export function markNeverBegan(error: unknown): unknown {
  if (typeof error === "object" && error !== null) neverBegan.add(error);
  return error;
}

/**
 * Makes db.transaction retry a transaction that lost a deadlock or serialization conflict, a
 * bounded number of times with a short jittered pause, or that never began because its connection
 * was dead, once: the one place this happens, so no verb retries on its own. What still fails
 * reaches the error handler as 503 with Retry-After.
 */
export function retryTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    for (let conflicts = 1, begins = 1; ; ) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (typeof error === "object" && error !== null && neverBegan.has(error)) {
          if (begins++ >= BEGIN_ATTEMPTS) throw error;
          continue;
        }
        if (conflicts >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((r) => setTimeout(r, 10 * conflicts++ + Math.random() * 40));
      }
    }
  }) as Db["transaction"];
  return db;
}
