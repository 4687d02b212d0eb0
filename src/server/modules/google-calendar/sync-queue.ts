import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleCalendarConnections, memberships } from "../../db/schema";
import { insertJob } from "../../lib/job-queue/queue-sql";
import type { Queue } from "../../lib/queue";

/** Ids only: the worker reads the task and the user's connection as they are when it runs. */
export const GOOGLE_CALENDAR_QUEUE = "google-calendar-sync";

export type CalendarSyncJob = { kind: "task"; org_id: string; task_id: string } | { kind: "user"; user_id: string };

/**
 * Called in the transaction of a task's create, update, move or delete: queues the sync when a
 * member of the organisation has Google Calendar connected (an event to make, move or remove can
 * only be theirs), nothing otherwise. Stored in the same transaction, so it exists iff the change does.
 */
export async function queueTaskCalendarSync(tx: Pick<Db, "select" | "execute">, orgId: string, taskId: string): Promise<void> {
  const [someone] = await tx
    .select({ userId: googleCalendarConnections.userId })
    .from(googleCalendarConnections)
    .innerJoin(memberships, and(eq(memberships.userId, googleCalendarConnections.userId), eq(memberships.orgId, orgId)))
    .limit(1);
  if (!someone) return;
  const job: CalendarSyncJob = { kind: "task", org_id: orgId, task_id: taskId };
  await insertJob(tx, { queue: GOOGLE_CALENDAR_QUEUE, key: orgId, data: job });
}

/** After connecting: every dated task of the user is brought into their calendar. */
export async function queueUserSync(queue: Pick<Queue, "send">, userId: string): Promise<void> {
  const job: CalendarSyncJob = { kind: "user", user_id: userId };
  await queue.send(GOOGLE_CALENDAR_QUEUE, job, { key: `user:${userId}` });
}

