import { sql } from "drizzle-orm";
import { handleTaskEvent } from "../modules/inbox/inbox-worker";
import { TASK_EVENTS_QUEUE, type TaskEvent } from "../modules/inbox/task-events";
import { inboxDepsOf } from "../workers";
import type { TestApp } from "./test-app";

/**
 * Runs the task events the verbs queued, as the worker would, without waiting for a poll: takes
 * the queue's waiting jobs of that queue (deleting them, as a finished run does) and handles each.
 * Answers how many ran.
 */
export async function drainTaskEvents(t: TestApp): Promise<number> {
  const db = t.services.database.db;
  const result = (await db.execute(sql`
    delete from queue_jobs where id in (select id from queue_jobs where queue = ${TASK_EVENTS_QUEUE} and state = 'queued' order by created_at)
    returning id, data, created_at`)) as unknown as { rows: { id: string; data: TaskEvent; created_at: string }[] };
  const jobs = [...result.rows].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  for (const job of jobs) await handleTaskEvent(inboxDepsOf(t.services), job.data, job.id);
  return jobs.length;
}
