import type { Database, Db } from "../db/client";
import type { QueueDepth } from "@/shared/diagnostics";
import { insertJob, QUEUE_CHANNEL, readDepth } from "./job-queue/queue-sql";
import { startRunner, type Runner, type Worker } from "./job-queue/runner";
import { superviseListener, type ListenerSupervisor } from "./listener-supervisor";
import type { Logger } from "./logger";

export type { QueueJob, Worker, WorkerPolicy } from "./job-queue/runner";

/**
 * The one job queue (docs/decisions/006-job-queue.md): a table of ours (queue_jobs) on either
 * database. Jobs carry ids only; the domain's own row is the truth. `key` is the fairness key,
 * the organisation the job is for: a backlog of one organisation never holds up another's job.
 */
export type SendOptions = { startAfter?: Date; singletonKey?: string; key?: string };

export type Queue = {
  /** Starts the workers (from the one list, src/server/workers.ts); sending works without it. */
  start: (workers: readonly Worker[]) => Promise<void>;
  /** Waits for jobs in hand up to the stop budget, then hands the rest back to the queue. */
  stop: () => Promise<void>;
  /** Nothing to do any more: the queue table is made by the migrations. Kept so callers need not care. */
  ensure: (queue: string) => Promise<void>;
  /** With `tx`, the job is stored in that transaction: it exists exactly when the transaction commits. */
  send: (queue: string, data: object, options?: SendOptions & { tx?: Pick<Db, "execute"> }) => Promise<string | null>;
  /** Jobs waiting, waiting to retry, in hand and failed, per queue of every instance (/app/diagnostics). */
  depth: () => Promise<QueueDepth[]>;
  /** Jobs this instance is running now. */
  inHand: () => number;
};

export type QueueOptions = {
  pollIntervalMs?: number;
  /** Runs at once on this instance (JOB_CONCURRENCY). */
  concurrency?: number;
  /** Runs at once of one organisation over every instance (JOB_PER_ORG_LIMIT). */
  perKeyLimit?: number;
  /** How long `stop` waits for jobs in hand before handing them back. */
  stopBudgetMs?: number;
  keepFailedDays?: number;
};

export function createQueue(database: Pick<Database, "db" | "listen">, logger: Logger, options: QueueOptions = {}): Queue {
  let runner: Runner | undefined;
  let listener: ListenerSupervisor | undefined;
  let queues = new Set<string>();
  return {
    start: async (workers) => {
      if (runner) return;
      queues = new Set(workers.map((w) => w.queue));
      if (workers.length === 0) return;
      runner = startRunner(database.db, workers, { concurrency: options.concurrency ?? 8, perKeyLimit: options.perKeyLimit ?? 2, pollIntervalMs: options.pollIntervalMs ?? 2_000, keepFailedDays: options.keepFailedDays ?? 30 }, logger);
      const wake = runner.wake;
      // Jobs sent by any instance wake this one's workers at once; polling is the fallback.
      listener = superviseListener({ listen: (onLost) => database.listen(QUEUE_CHANNEL, (queue) => queues.has(queue) && wake(), onLost), onUp: wake, logger });
      listener.start();
    },
    stop: async () => {
      await runner?.stop(options.stopBudgetMs ?? 5_000);
      await listener?.stop();
    },
    ensure: async () => undefined,
    send: async (queue, data, { tx, key, startAfter, singletonKey } = {}) => insertJob(tx ?? database.db, { queue, key: key ?? "", data, runAfter: startAfter, singletonKey }),
    depth: () => readDepth(database.db),
    inHand: () => runner?.inHand() ?? 0,
  };
}
