import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { QueueDepth } from "@/shared/diagnostics";

/** A job as a claim hands it out: `token` names this run, `attempts` counts it. */
export type ClaimedJob = { id: string; queue: string; key: string; data: unknown; attempts: number; token: string };
export type QueuePolicy = { queue: string; leaseSeconds: number; maxAttempts: number };
type Runner = Pick<Db, "execute">;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const list = (values: readonly string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** `case queue when 'a' then 1 … end`, one value per queue this instance works on. */
const perQueue = (policies: readonly QueuePolicy[], pick: (p: QueuePolicy) => number): SQL =>
  sql`(case queue ${sql.join(policies.map((p) => sql`when ${p.queue} then ${pick(p)}::int`), sql` `)} end)`;

export const QUEUE_CHANNEL = "whq_queue";

/** Stores one job; with a singleton key, nothing when one of that key is still queued or active. */
export async function insertJob(db: Runner, job: { queue: string; key: string; data: object; runAfter?: Date; singletonKey?: string }): Promise<string | null> {
  const runAfter = job.runAfter ? sql`${job.runAfter.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute(sql`
    with made as (
      insert into queue_jobs (queue, key, data, run_after, singleton_key)
      values (${job.queue}, ${job.key}, ${JSON.stringify(job.data)}::jsonb, ${runAfter}, ${job.singletonKey ?? null})
      on conflict do nothing
      returning id)
    select id, pg_notify(${QUEUE_CHANNEL}, ${job.queue}) from made`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Claims up to `slots` jobs, at most one per key per call: keys with the fewest jobs in hand (on
 * every instance) first, then the key served longest ago (queue_turns), then the key whose job
 * has waited longest; a key already holding `perKeyLimit` jobs waits. So organisations take turns
 * however long one's backlog is. Rows another instance is claiming are skipped, never waited on.
 */
export async function claimJobs(db: Runner, policies: readonly QueuePolicy[], slots: number, perKeyLimit: number): Promise<ClaimedJob[]> {
  const queues = list(policies.map((p) => p.queue));
  const result = await db.execute(sql`
    with busy as (
      select key, count(*)::int as n from queue_jobs where state = 'active' group by key
    ), ready as (
      select key, min(run_after) as oldest from queue_jobs
       where state = 'queued' and queue in (${queues}) and run_after <= now() group by key
    ), turn as (
      select r.key from ready r left join busy b on b.key = r.key left join queue_turns t on t.key = r.key
       where coalesce(b.n, 0) < ${perKeyLimit}::int
       order by coalesce(b.n, 0), t.served_at nulls first, r.oldest limit ${slots}::int
    ), chosen as (
      select pick.id, turn.key from turn cross join lateral (
        select q.id from queue_jobs q
         where q.state = 'queued' and q.queue in (${queues}) and q.key = turn.key and q.run_after <= now()
         order by q.run_after, q.created_at limit 1
         for update skip locked) pick
    ), served as (
      insert into queue_turns (key, served_at) select key, clock_timestamp() from chosen
      on conflict (key) do update set served_at = excluded.served_at
    )
    update queue_jobs j
       set state = 'active', attempts = j.attempts + 1, token = gen_random_uuid(), started_at = now(),
           lease_until = now() + make_interval(secs => ${perQueue(policies, (p) => p.leaseSeconds)})
      from chosen where j.id = chosen.id
    returning j.id, j.queue, j.key, j.data, j.attempts, j.token`);
  return rowsOf<ClaimedJob>(result);
}

/** A run that finished: the job is gone. False when the run had lost its lease (nothing changed). */
export async function completeJob(db: Runner, job: Pick<ClaimedJob, "id" | "token">): Promise<boolean> {
  const result = await db.execute(sql`delete from queue_jobs where id = ${job.id} and token = ${job.token} returning id`);
  return rowsOf(result).length > 0;
}

/** A run that failed: tried again after `delayMs`, or failed for good after `maxAttempts`. */
export async function failJob(db: Runner, job: Pick<ClaimedJob, "id" | "token">, error: string, maxAttempts: number, delayMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update queue_jobs
       set state = case when attempts >= ${maxAttempts} then 'failed' else 'queued' end,
           finished_at = case when attempts >= ${maxAttempts} then now() end,
           run_after = now() + make_interval(secs => ${delayMs / 1000}::float8),
           last_error = ${error.slice(0, 1000)}, token = null, lease_until = null
     where id = ${job.id} and token = ${job.token}
    returning id`);
  return rowsOf(result).length > 0;
}

/** Runs this instance stops before they end go back to the queue at once, not counted as a try. */
export async function handBack(db: Runner, tokens: readonly string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db.execute(sql`
    update queue_jobs
       set state = 'queued', attempts = greatest(attempts - 1, 0), token = null, lease_until = null,
           run_after = now(), last_error = 'handed back when its instance stopped'
     where state = 'active' and token in (${list(tokens)})
    returning id`);
  return rowsOf(result).length;
}

/**
 * Jobs whose lease ran out (their instance died, or lost the database) are queued again, or failed
 * when that was their last try. Failed jobs are kept for `keepFailedDays`, then deleted in batches.
 */
export async function reapJobs(db: Runner, policies: readonly QueuePolicy[], keepFailedDays: number): Promise<{ requeued: number; failed: number }> {
  const queues = list(policies.map((p) => p.queue));
  const result = await db.execute(sql`
    update queue_jobs
       set state = case when attempts >= ${perQueue(policies, (p) => p.maxAttempts)} then 'failed' else 'queued' end,
           finished_at = case when attempts >= ${perQueue(policies, (p) => p.maxAttempts)} then now() end,
           token = null, lease_until = null, run_after = now(),
           last_error = 'its instance stopped or lost the database before it finished'
     where state = 'active' and lease_until < now() and queue in (${queues})
    returning state`);
  await db.execute(sql`
    delete from queue_jobs where id in (
      select id from queue_jobs where state = 'failed' and finished_at < now() - make_interval(days => ${keepFailedDays}::int) limit 500)`);
  await db.execute(sql`delete from queue_turns where served_at < now() - interval '1 day'`);
  const states = rowsOf<{ state: string }>(result);
  return { requeued: states.filter((r) => r.state === "queued").length, failed: states.filter((r) => r.state === "failed").length };
}

/** Per queue: waiting (never tried), waiting to retry, in hand, failed: of every instance. */
export async function readDepth(db: Runner): Promise<QueueDepth[]> {
  const result = await db.execute(sql`
    select queue as name,
      count(*) filter (where state = 'queued' and attempts = 0)::int as created,
      count(*) filter (where state = 'queued' and attempts > 0)::int as retry,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'failed')::int as failed
    from queue_jobs group by queue order by queue`);
  return rowsOf<QueueDepth>(result).map((r) => ({ name: r.name, created: Number(r.created), retry: Number(r.retry), active: Number(r.active), failed: Number(r.failed) }));
}
