import type { Db } from "../../db/client";
import type { Logger } from "../logger";
import { claimJobs, completeJob, failJob, handBack, reapJobs, type ClaimedJob, type QueuePolicy } from "./queue-sql";

export type QueueJob<T> = {
  id: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the run passes its time limit or the instance stops before it ends. */
  signal: AbortSignal;
};

/** What a queue's jobs may take: declared once, on the worker (src/server/workers.ts). */
export type WorkerPolicy = {
  /** Past this a run is abandoned (its signal aborts) and counts as a failed try. */
  timeLimitMs: number;
  /** Tries in all, before the job is failed for good. */
  maxAttempts: number;
  /** The first retry's delay, doubling after. */
  retryDelayMs: number;
};
export type Worker = { queue: string; handle: (job: QueueJob<unknown>) => Promise<void> } & Partial<WorkerPolicy>;

export const DEFAULT_WORKER_POLICY: WorkerPolicy = { timeLimitMs: 60_000, maxAttempts: 3, retryDelayMs: 30_000 };
/** A lease outlives its run's time limit by this much: settling takes a few statements. */
const LEASE_GRACE_MS = 10_000;
const REAP_EVERY_MS = 5_000;
/** How long a stopping instance lets its jobs in hand finish before handing them back (start-server.ts). */
export const JOB_STOP_BUDGET_MS = 4_500;

export type RunnerOptions = {
  /** Runs at once on this instance, over every queue. */
  concurrency: number;
  /** Runs at once of one key (organisation), over every instance. */
  perKeyLimit: number;
  pollIntervalMs: number;
  keepFailedDays: number;
};

export type Runner = { wake: () => void; stop: (budgetMs: number) => Promise<void>; inHand: () => number };

type Outcome = { ok: true } | { ok: false; error: string };
type Run = { job: ClaimedJob; controller: AbortController; done: Promise<void> };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Works the given queues on this instance: claims what its free slots allow, runs each job under
 * its time limit, and settles it (deleted when done, retried or failed otherwise). Every promise it
 * starts is awaited or handled: a settle that meets a database outage is retried until the job's
 * lease runs out, after which any instance's reaper queues the job again. Nothing here throws.
 */
export function startRunner(db: Db, workers: readonly Worker[], options: RunnerOptions, logger: Logger): Runner {
  const byQueue = new Map(workers.map((w) => [w.queue, { ...DEFAULT_WORKER_POLICY, ...w }]));
  const policies: QueuePolicy[] = [...byQueue.values()].map((w) => ({ queue: w.queue, leaseSeconds: Math.ceil((w.timeLimitMs + LEASE_GRACE_MS) / 1000), maxAttempts: w.maxAttempts }));
  const running = new Map<string, Run>();
  const handedBack = new Set<string>();
  let stopping = false;
  let failing = false;
  let nextReapAt = 0;
  let woken: (() => void) | undefined;
  // A wake that comes while the loop is busy (claiming) is kept, so the next nap is skipped.
  let wakePending = false;
  let stopDeadline = Infinity;

  const wake = () => (woken ? woken() : (wakePending = true));
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakePending) {
        wakePending = false;
        return resolve();
      }
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        woken = undefined;
        resolve();
      };
      woken = done;
    });

  async function execute(job: ClaimedJob, controller: AbortController): Promise<Outcome> {
    const worker = byQueue.get(job.queue)!;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), worker.timeLimitMs)));
    try {
      const run = worker.handle({ id: job.id, data: job.data, attempt: job.attempts, signal: controller.signal }).then(() => "ok" as const);
      if ((await Promise.race([run, timedOut])) === "ok") return { ok: true };
      controller.abort(new Error("time limit"));
      return { ok: false, error: `did not finish within ${worker.timeLimitMs / 1000} s` };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Records the outcome; while the database is away, tries again until the lease is over. */
  async function settle(job: ClaimedJob, outcome: Outcome, leaseEndsAt: number): Promise<void> {
    const worker = byQueue.get(job.queue)!;
    for (let attempt = 0; ; attempt++) {
      if (handedBack.has(job.token)) return;
      try {
        if (outcome.ok) await completeJob(db, job);
        else {
          const delay = worker.retryDelayMs * 2 ** (job.attempts - 1);
          await failJob(db, job, outcome.error, worker.maxAttempts, delay);
          logger.warn("job failed", { queue: job.queue, jobId: job.id, attempt: job.attempts, ofAttempts: worker.maxAttempts, error: outcome.error });
        }
        return;
      } catch (error) {
        const wait = Math.min(250 * 2 ** attempt, 5_000);
        if (Date.now() + wait > Math.min(leaseEndsAt, stopDeadline)) {
          logger.warn("could not record a job's end; its lease will bring it back", { queue: job.queue, jobId: job.id, error: messageOf(error) });
          return;
        }
        await sleep(wait);
      }
    }
  }

  function begin(job: ClaimedJob) {
    const controller = new AbortController();
    const policy = policies.find((p) => p.queue === job.queue)!;
    const leaseEndsAt = Date.now() + policy.leaseSeconds * 1000;
    const done = execute(job, controller)
      .then((outcome) => settle(job, outcome, leaseEndsAt))
      .catch((error: unknown) => logger.error("job runner error", { queue: job.queue, jobId: job.id, error: messageOf(error) }))
      .finally(() => {
        running.delete(job.token);
        wake();
      });
    running.set(job.token, { job, controller, done });
  }

  async function loop() {
    const failureBackoff = Math.max(options.pollIntervalMs, 1_000);
    while (!stopping) {
      let claimed = 0;
      const free = options.concurrency - running.size;
      if (free > 0) {
        try {
          if (Date.now() >= nextReapAt) {
            const reaped = await reapJobs(db, policies, options.keepFailedDays);
            if (reaped.requeued + reaped.failed > 0) logger.warn("jobs whose instance stopped were taken back", reaped);
            nextReapAt = Date.now() + REAP_EVERY_MS;
          }
          wakePending = false;
          const jobs = stopping ? [] : await claimJobs(db, policies, free, options.perKeyLimit);
          claimed = jobs.length;
          for (const job of jobs) begin(job);
          if (failing) logger.info("job queue reachable again");
          failing = false;
        } catch (error) {
          if (!failing) logger.warn("job queue could not claim jobs; trying again", { error: messageOf(error) });
          failing = true;
        }
      }
      // A claim gives one job per organisation: go round again at once while slots and jobs remain.
      if (stopping) break;
      if (claimed === 0 || running.size >= options.concurrency) await nap(failing ? failureBackoff : options.pollIntervalMs);
    }
  }

  const looping = loop().catch((error: unknown) => logger.error("job runner stopped", { error: messageOf(error) }));

  return {
    wake,
    inHand: () => running.size,
    stop: async (budgetMs) => {
      stopping = true;
      stopDeadline = Date.now() + budgetMs;
      wake();
      const runs = () => Promise.all([...running.values()].map((r) => r.done));
      await Promise.race([Promise.all([looping, runs()]), sleep(budgetMs)]);
      // What is still running is stopped and goes back to the queue for another instance (or the next start).
      const left = [...running.values()];
      if (left.length === 0) return;
      for (const run of left) {
        handedBack.add(run.job.token);
        run.controller.abort(new Error("stopping"));
      }
      const handed = await handBack(
        db,
        left.map((r) => r.job.token),
      ).catch((error: unknown) => (logger.warn("could not hand jobs back; their leases will", { error: messageOf(error) }), 0));
      logger.info("jobs handed back at stop", { count: handed });
    },
  };
}
