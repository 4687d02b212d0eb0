import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { googleCalendarEvents, memberships, organisations, projects, tasks } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Queue, Worker } from "../../lib/queue";
import { deleteEvent, insertEvent, patchEvent, type ApiAnswer, type EventBody } from "./calendar-api";
import { accessTokenOf, type GoogleDeps } from "./google-connection";
import { GOOGLE_CALENDAR_QUEUE, type CalendarSyncJob } from "./sync-queue";

const EVENT_MINUTES = 30;
const PAST_DAYS = 90;
const MAX_BACKFILL = 2000;

const job: z.ZodType<CalendarSyncJob> = z.discriminatedUnion("kind", [z.object({ kind: z.literal("task"), org_id: z.uuid(), task_id: z.uuid() }), z.object({ kind: z.literal("user"), user_id: z.string().min(1) })]);

/** Thrown so the queue retries later: Google did not answer, or answered something unexpected. */
class GoogleUnavailable extends Error {}

/**
 * Our own event id for a task: Google accepts ids of base32hex characters (0-9, a-v), 5 to 1024
 * long. Being derived from the task, an insert delivered twice meets 409 instead of making a
 * second event, which is what makes a redelivered job harmless.
 */
export const eventIdOf = (taskId: string) => `hq${taskId.replace(/-/g, "")}`;

type Deps = GoogleDeps & { logger: Logger };

/** Runs a Calendar call with a live token; a 401 refreshes once and tries again. Null: no usable connection. */
async function withToken(deps: Deps, userId: string, call: (config: Parameters<typeof insertEvent>[0], token: string) => Promise<ApiAnswer>): Promise<ApiAnswer | null> {
  let access = await accessTokenOf(deps, userId);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!access.ok) {
      if (access.reason === "unreachable") throw new GoogleUnavailable("Google's token endpoint did not answer");
      return null;
    }
    const answer = await call(access.config, access.token);
    if (answer.status !== 401) return answer;
    access = await accessTokenOf(deps, userId, true);
  }
  throw new GoogleUnavailable("Google refused a fresh token");
}

async function eventBodyOf(deps: Deps, orgId: string, taskId: string, dueAt: Date): Promise<EventBody | null> {
  const [t] = await deps.db
    .select({ title: tasks.title, description: tasks.description, status: tasks.status, project: projects.name, org: organisations.name })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(organisations, eq(organisations.id, tasks.orgId))
    .where(and(eq(tasks.id, taskId), eq(tasks.orgId, orgId)));
  if (!t) return null;
  const url = `${deps.env.APP_URL}/app/tasks/${taskId}`;
  return {
    summary: t.status === "done" ? `✓ ${t.title}` : t.title,
    description: [`${t.org} · ${t.project}`, t.description?.trim() || null, url].filter(Boolean).join("\n\n"),
    start: { dateTime: dueAt.toISOString() },
    end: { dateTime: new Date(dueAt.getTime() + EVENT_MINUTES * 60_000).toISOString() },
    source: { title: deps.env.APP_NAME, url },
  };
}

const gone = (a: ApiAnswer) => a.status === 404 || a.status === 410;
const fine = (a: ApiAnswer) => a.status !== null && a.status >= 200 && a.status < 300;

/**
 * Brings one task's event to match the task: the assignee (a member, with Google connected) has
 * an event at the due time; everyone else who had one (an earlier assignee, or all of them when
 * the task is undated, unassigned or deleted) has it removed. Safe to run twice.
 */
export async function syncTask(deps: Deps, orgId: string, taskId: string): Promise<void> {
  const [task] = await deps.db
    .select({ assigneeId: tasks.assigneeId, dueAt: tasks.dueAt, member: memberships.userId })
    .from(tasks)
    .leftJoin(memberships, and(eq(memberships.orgId, tasks.orgId), eq(memberships.userId, tasks.assigneeId)))
    .where(and(eq(tasks.id, taskId), eq(tasks.orgId, orgId)));
  const wanted = task?.dueAt && task.assigneeId && task.member ? task.assigneeId : null;
  const mapped = await deps.db.select().from(googleCalendarEvents).where(and(eq(googleCalendarEvents.taskId, taskId), eq(googleCalendarEvents.orgId, orgId)));
  for (const m of mapped) {
    if (m.userId === wanted) continue;
    const answer = await withToken(deps, m.userId, (c, token) => deleteEvent(c, token, m.eventId));
    if (answer && !fine(answer) && !gone(answer)) throw new GoogleUnavailable(`Google did not delete an event (${answer.status ?? "no answer"})`);
    await deps.db.delete(googleCalendarEvents).where(and(eq(googleCalendarEvents.userId, m.userId), eq(googleCalendarEvents.taskId, taskId)));
  }
  if (!wanted || !task?.dueAt) return;
  const body = await eventBodyOf(deps, orgId, taskId, task.dueAt);
  if (!body) return;
  const eventId = mapped.find((m) => m.userId === wanted)?.eventId ?? eventIdOf(taskId);
  // Patch first when we know the event; insert when it is new or gone; a 409 on insert means it exists (a redelivery).
  let answer = await withToken(deps, wanted, (c, token) => (mapped.some((m) => m.userId === wanted) ? patchEvent(c, token, eventId, body) : insertEvent(c, token, eventId, body)));
  if (!answer) return;
  if (gone(answer)) answer = await withToken(deps, wanted, (c, token) => insertEvent(c, token, eventId, body));
  if (answer?.status === 409) answer = await withToken(deps, wanted, (c, token) => patchEvent(c, token, eventId, body));
  if (!answer) return;
  if (!fine(answer)) throw new GoogleUnavailable(`Google did not save an event (${answer.status ?? "no answer"})`);
  const now = deps.now();
  await deps.db
    .insert(googleCalendarEvents)
    .values({ userId: wanted, taskId, orgId, eventId, dueAt: task.dueAt, updatedAt: now })
    .onConflictDoUpdate({ target: [googleCalendarEvents.userId, googleCalendarEvents.taskId], set: { eventId, dueAt: task.dueAt, orgId, updatedAt: now } });
}

/** After connecting: one task job per dated task assigned to the user in an organisation they belong to (the feed's window). */
export async function queueUserTasks(deps: Deps & { queue: Pick<Queue, "send"> }, userId: string): Promise<number> {
  const since = new Date(deps.now().getTime() - PAST_DAYS * 24 * 60 * 60 * 1000);
  const rows = await deps.db
    .select({ id: tasks.id, orgId: tasks.orgId })
    .from(tasks)
    .innerJoin(memberships, and(eq(memberships.orgId, tasks.orgId), eq(memberships.userId, userId)))
    .where(and(eq(tasks.assigneeId, userId), isNotNull(tasks.dueAt), gte(tasks.dueAt, since)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(MAX_BACKFILL);
  for (const r of rows) {
    const data: CalendarSyncJob = { kind: "task", org_id: r.orgId, task_id: r.id };
    await deps.queue.send(GOOGLE_CALENDAR_QUEUE, data, { key: r.orgId });
  }
  return rows.length;
}

export async function handleCalendarJob(deps: Deps & { queue: Pick<Queue, "send"> }, data: unknown, jobId: string): Promise<void> {
  const parsed = job.safeParse(data);
  // A malformed job names nothing to sync; failing it would only have it retried.
  if (!parsed.success) return deps.logger.warn("ignored malformed calendar sync job", { jobId });
  if (parsed.data.kind === "user") {
    await queueUserTasks(deps, parsed.data.user_id);
    return;
  }
  await syncTask(deps, parsed.data.org_id, parsed.data.task_id);
}

export function googleCalendarWorker(deps: Deps & { queue: Pick<Queue, "send"> }): Worker {
  return { queue: GOOGLE_CALENDAR_QUEUE, handle: (j) => handleCalendarJob(deps, j.data, j.id) };
}

