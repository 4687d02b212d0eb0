import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { QueryStats } from "./query-stats";

type Runner = (...args: never[]) => unknown;

const textOf = (query: unknown): string | undefined =>
  typeof query === "string" ? query : typeof query === "object" && query !== null && typeof (query as { text?: unknown }).text === "string" ? (query as { text: string }).text : undefined;

/**
 * `run` with each call timed into `stats` from call to answer, by its promise or its callback
 * (waiting for the connection included: that is the time the caller spent). A failed statement counts too.
 */
/** Told how each statement ended: `error` when it failed (a lost connection, a timeout, a bad query). */
export type QueryOutcome = (error: unknown) => void;

function timed<F extends Runner>(run: F, stats: QueryStats, outcome?: QueryOutcome): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const text = textOf(args[0]);
    const started = performance.now();
    if (text === undefined) return run.apply(this, args);
    const done = (error?: unknown) => {
      stats.record(text, performance.now() - started);
      outcome?.(error);
    };
    // pg-pool's own query hands the client a callback (query(text, values, callback)).
    const last = args.length - 1;
    const callback: unknown = args[last];
    if (typeof callback === "function") {
      const timedArgs = [...args] as unknown[];
      timedArgs[last] = (...results: unknown[]) => {
        done(results[0] ?? undefined);
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return run.apply(this, timedArgs as Parameters<F>);
    }
    const result = run.apply(this, args);
    if (result instanceof Promise) result.then(() => done(), done);
    return result;
  } as F;
}

/** Every statement the pool's clients run: drizzle's, the queue's, the pool's own `query`. */
export function timePoolQueries(pool: pg.Pool, stats: QueryStats, outcome?: QueryOutcome): void {
  pool.on("connect", (client) => {
    client.query = timed(client.query.bind(client) as Runner, stats, outcome) as typeof client.query;
  });
}

/** PGlite runs statements through query and exec, and inside a transaction through the transaction's own pair. */
export function timePgliteQueries(client: PGlite, stats: QueryStats): void {
  const timeBoth = (target: Pick<Transaction, "query" | "exec">) => {
    target.query = timed(target.query.bind(target) as Runner, stats) as typeof target.query;
    target.exec = timed(target.exec.bind(target) as Runner, stats) as typeof target.exec;
  };
  timeBoth(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction(async (tx) => {
      timeBoth(tx);
      return work(tx);
    })) as typeof client.transaction;
}
