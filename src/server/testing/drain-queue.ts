import { sql } from "drizzle-orm";
import type { TestApp } from "./test-app";

/**
 * Takes the waiting jobs of one queue (deleting them, as a finished run does) and hands each to
 * `handle`, oldest first, as the worker would without waiting for a poll. Answers how many ran.
 */
export async function drainQueue(t: TestApp, queue: string, handle: (data: unknown, id: string) => Promise<void>): Promise<number> {
  const result = (await t.services.database.db.execute(sql`
    delete from queue_jobs where id in (select id from queue_jobs where queue = ${queue} and state = 'queued')
    returning id, data, created_at`)) as unknown as { rows: { id: string; data: unknown; created_at: string }[] };
  const jobs = [...result.rows].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  for (const job of jobs) await handle(job.data, job.id);
  return jobs.length;
}
