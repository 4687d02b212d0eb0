import { sql } from "drizzle-orm";
import { handleTaskEvent } from "../modules/inbox/inbox-worker";
import { TASK_EVENTS_QUEUE, type TaskEvent } from "../modules/inbox/task-events";
import { inboxDepsOf } from "../workers";
import type { TestApp } from "./test-app";

/**
 * Runs the task events the verbs queued, as the worker would, without waiting for a poll: reads
 * pg-boss's waiting jobs of the queue, handles each and marks it done. Answers how many ran.
 */
export async function drainTaskEvents(t: TestApp): Promise<number> {
  const db = t.services.database.db;
  const result = (await db.execute(sql`select id, data from pgboss.job where name = ${TASK_EVENTS_QUEUE} and state = 'created' order by created_on`)) as unknown as { rows: { id: string; data: TaskEvent }[] };
  for (const job of result.rows) {
    await handleTaskEvent(inboxDepsOf(t.services), job.data, job.id);
    await db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
  }
  return result.rows.length;
}
