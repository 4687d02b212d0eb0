import { NodePgSession } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { isDatabaseUnavailable } from "../lib/database-errors";
import type { Db } from "./client";
import { markNeverBegan } from "./retry-transactions";

type Work = Parameters<Db["transaction"]>[0];
type Config = Parameters<Db["transaction"]>[1];
type SessionParts = ConstructorParameters<typeof NodePgSession>;

/**
 * Replaces drizzle's pooled transaction, which sends BEGIN before its try (a BEGIN that fails
 * never returns the client, so each one costs the pool a connection for good) and always
 * releases the client as healthy, even one whose connection broke mid-transaction. Here the
 * client always goes back, and goes back with an error (the pool then closes it) unless the
 * transaction ended cleanly. A BEGIN on a connection that turned out dead fails marked as never
 * begun, for retryTransactions to try once more on another connection.
 */
export function withPooledTransactions(db: Db, pool: pg.Pool): Db {
  // The session drizzle built for the pool: its dialect, relational schema and options (the
  // logger, the cache), which drizzle's own transaction hands to each client's session too.
  const pooled = (db as unknown as { session: { dialect: SessionParts[1]; schema: SessionParts[2]; options: SessionParts[3] } }).session;

  db.transaction = (async (work: Work, config: Config) => {
    const client = await pool.connect();
    let entered = false;
    let workFailed = false;
    let workError: unknown;
    let outcome: unknown;
    try {
      // On a single client drizzle runs BEGIN, the work and COMMIT or ROLLBACK on it, nothing more.
      const session = new NodePgSession(client, pooled.dialect, pooled.schema, pooled.options);
      return await session.transaction(async (tx) => {
        entered = true;
        try {
          return await work(tx as unknown as Parameters<Work>[0]);
        } catch (error) {
          workFailed = true;
          workError = error;
          throw error;
        }
      }, config);
    } catch (error) {
      // A ROLLBACK that failed on a dead connection would hide why the work failed.
      outcome = workFailed ? workError : error;
      if (!entered && isDatabaseUnavailable(error)) throw markNeverBegan(error);
      throw outcome;
    } finally {
      const clean = client.getTransactionStatus() === "I" && !isDatabaseUnavailable(outcome);
      client.release(clean ? undefined : outcome instanceof Error ? outcome : new Error("transaction did not end cleanly"));
    }
  }) as Db["transaction"];
  return db;
}
