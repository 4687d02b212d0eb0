import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, Db } from "../db/client";
import type { QueueDepth } from "@/shared/diagnostics";
import type { Logger } from "./logger";

/**
 * The one place that knows pg-boss (docs/decisions/006-job-queue.md). Jobs carry ids only; the
 * domain's own row is the truth. pg-boss reaches the database through our own handle (the pool,
 * or the in-process PGlite), so it needs no second connection string and runs on both.
 */
export type QueueJob<T> = { id: string; data: T };
export type Worker = { queue: string; handle: (job: QueueJob<unknown>) => Promise<void> };
export type SendOptions = { startAfter?: Date; singletonKey?: string };

export type Queue = {
  /** Starts the workers (from the one list, src/server/workers.ts); sending works without it. */
  start: (workers: readonly Worker[]) => Promise<void>;
  stop: () => Promise<void>;
  /** Creates the queue (and pg-boss's schema) if need be; a send inside a transaction needs it done first. */
  ensure: (queue: string) => Promise<void>;
  /**
   * With `tx`, the job is stored in that transaction: it exists exactly when the transaction
   * commits. Call `ensure` before opening it: on PGlite, creating the queue inside it would wait
   * for the transaction it is in.
   */
  send: (queue: string, data: object, options?: SendOptions & { tx?: Pick<Db, "execute"> }) => Promise<string | null>;
  /** Jobs waiting, waiting to retry, in hand and failed, per queue of every instance (/app/diagnostics). */
  depth: () => Promise<QueueDepth[]>;
};

export type QueueOptions = { pollingIntervalSeconds?: number };

type SqlResult = { rows: unknown[] };
type PgClient = { query: (text: string, values?: unknown[]) => Promise<SqlResult> };

/**
 * pg-boss's `db` option: `executeSql(text, values)`. PGlite runs one statement per `query`, and
 * pg-boss sends its schema and maintenance as one parameterless multi-statement text, so that goes
 * to `exec`; the pool's `query` takes both (without values it uses the simple protocol).
 */
export function sqlRunnerFor(db: Db) {
  const client = (db as unknown as { $client: PGlite | PgClient }).$client;
  return {
    executeSql: async (text: string, values?: unknown[]): Promise<SqlResult> => {
      if (client instanceof PGlite) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values && values.length > 0 ? values : undefined);
    },
  };
}

/** pg-boss's SQL (numbered parameters) run through a drizzle transaction, for a send that commits with it. */
export function sqlRunnerForTx(tx: Pick<Db, "execute">) {
  return {
    executeSql: async (text: string, values: unknown[] = []): Promise<SqlResult> => {
      // Each value goes as one bound parameter, as pg would send it: a plain object as JSON text.
      const asParam = (v: unknown) => sql.param(v !== null && typeof v === "object" && !(v instanceof Date) && !Array.isArray(v) && !Buffer.isBuffer(v) ? JSON.stringify(v) : v);
      const chunks = text.split(/\$(\d+)\b/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : asParam(values[Number(part) - 1])));
      const result = (await tx.execute(sql.join(chunks))) as unknown as SqlResult;
      return { rows: result.rows };
    },
  };
}

// pg-boss 10's tables: a job is created, retry, active, completed, cancelled or failed.
const depthSql = `select q.name,
  count(*) filter (where j.state = 'created')::int as created, count(*) filter (where j.state = 'retry')::int as retry,
  count(*) filter (where j.state = 'active')::int as active, count(*) filter (where j.state = 'failed')::int as failed
  from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
  group by q.name order by q.name`;

/** Reads the counts without starting pg-boss: before any instance made a queue there is nothing to count. */
async function readDepth(db: Db): Promise<QueueDepth[]> {
  const runner = sqlRunnerFor(db);
  const [present] = (await runner.executeSql("select to_regclass('pgboss.queue') is not null as present", [])).rows as { present: boolean }[];
  if (!present?.present) return [];
  const rows = (await runner.executeSql(depthSql, [])).rows as QueueDepth[];
  return rows.map(({ name, created, retry, active, failed }) => ({ name, created: Number(created), retry: Number(retry), active: Number(active), failed: Number(failed) }));
}

/**
 * pg-boss retries only what our handlers could not record (the database was away, the process
 * died mid-job); a delivery's own retries are the domain's, kept on its row.
 */
const queueSettings = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };

export function createQueue(database: Pick<Database, "db">, logger: Logger, options: QueueOptions = {}): Queue {
  const boss = new PgBoss({ db: sqlRunnerFor(database.db), schedule: false, supervise: true, migrate: true });
  boss.on("error", (error: unknown) => logger.warn("job queue error", { error: error instanceof Error ? error.message : String(error) }));
  let booting: Promise<unknown> | undefined;
  let starting: Promise<void> | undefined;
  const queues = new Map<string, Promise<void>>();
  const ready = new Set<string>();

  // Installs or upgrades pg-boss's schema once; every instance may, pg-boss takes a lock for it.
  const boot = () => (booting ??= boss.start());
  const ensureQueue = (name: string) => {
    let made = queues.get(name);
    if (!made) {
      made = (async () => {
        await boot();
        await boss.createQueue(name, { name, ...queueSettings });
        ready.add(name);
      })();
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    return made;
  };

  const start = (workers: readonly Worker[]) =>
    (starting ??= (async () => {
      for (const worker of workers) {
        await ensureQueue(worker.queue);
        await boss.work<unknown>(worker.queue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await worker.handle({ id: job.id, data: job.data });
        });
      }
    })());

  return {
    start,
    depth: () => readDepth(database.db),
    ensure: ensureQueue,
    send: async (queue, data, { tx, ...opts } = {}) => {
      if (tx && !ready.has(queue)) throw new Error(`Queue ${queue} is not ready: call ensure before the transaction`);
      if (!tx) await ensureQueue(queue);
      return boss.send(queue, data, { startAfter: opts.startAfter, singletonKey: opts.singletonKey, ...(tx ? { db: sqlRunnerForTx(tx) } : {}) });
    },
    stop: async () => {
      if (!booting) return;
      await Promise.allSettled([booting, starting]);
      // Waits a little for a job in hand; one cut short is tried again (its row says where it was).
      await boss.stop({ graceful: true, wait: true, timeout: 1_500, close: true });
    },
  };
}
