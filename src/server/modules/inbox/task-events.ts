import type { Db } from "../../db/client";
import type { Queue } from "../../lib/queue";

/** The fan-out queue: a task event in, one notification per recipient out (inbox-worker.ts). */
export const TASK_EVENTS_QUEUE = "task-events";

/** What happened, ids only: the worker reads who to tell when it runs, so a removed member is told nothing. */
export type TaskEvent =
  | { kind: "assigned"; org_id: string; task_id: string; actor_id: string | null; assignee_id: string }
  | { kind: "commented"; org_id: string; task_id: string; actor_id: string | null; comment_id: string }
  | { kind: "due_soon"; org_id: string; task_id: string; due_at: string };

/** Call before the write's transaction opens (the queue must exist before a send inside one). */
export const readyTaskEvents = (queue: Pick<Queue, "ensure">) => queue.ensure(TASK_EVENTS_QUEUE);

/** Stored in the write's transaction: the job exists exactly when the change does. */
export async function sendTaskEvent(queue: Pick<Queue, "send">, tx: Pick<Db, "execute">, event: TaskEvent): Promise<void> {
  await queue.send(TASK_EVENTS_QUEUE, event, { tx, key: event.org_id });
}
