import { startTicker } from "../../lib/ticker";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { Queue } from "../../lib/queue";
import { spawnNext } from "../tasks/repeat/spawn-next";
import { TASK_DIGEST_QUEUE } from "./digest";
import { nextDigestSql } from "./email-settings";
import { readyTaskEvents, sendTaskEvent } from "./task-events";

/** How often the server looks for due reminders, repeats and digests. */
export const TASK_TICK_MS = 60_000;
const BATCH = 100;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type TaskTickDeps = { db: Db; queue: Pick<Queue, "send" | "ensure">; now: () => Date; logger: Logger };

/**
 * Reminders due: each row is claimed (remind_at cleared) with SKIP LOCKED in the transaction that
 * queues its due-soon event, so however many instances tick, each reminder is queued once.
 */
export async function claimReminders(deps: TaskTickDeps): Promise<number> {
  await readyTaskEvents(deps.queue);
  const at = deps.now().toISOString();
  return deps.db.transaction(async (tx) => {
    const due = rowsOf<{ id: string; org_id: string; due_at: Date | string }>(
      await tx.execute(sql`
        update tasks t set remind_at = null
         where t.id in (select id from tasks where remind_at <= ${at}::timestamptz order by remind_at limit ${BATCH} for update skip locked)
        returning t.id, t.org_id, t.due_at, t.status`),
    ).filter((r) => r.due_at !== null);
    for (const r of due) await sendTaskEvent(deps.queue, tx, { kind: "due_soon", org_id: r.org_id, task_id: r.id, due_at: new Date(r.due_at).toISOString() });
    return due.length;
  });
}

/** Repeating tasks whose time has come while still open: each gets its next occurrence, once. */
export async function claimRepeats(deps: TaskTickDeps): Promise<number> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = rowsOf<{ id: string; org_id: string }>(
      await tx.execute(sql`
        select id, org_id from tasks
         where recurrence is not null and next_task_id is null and due_at <= ${at.toISOString()}::timestamptz
           and status <> 'done' and coalesce(repeat_from, 'due') = 'due'
         order by due_at limit ${BATCH} for update skip locked`),
    );
    let made = 0;
    for (const r of due) if (await spawnNext(tx, r.org_id, r.id, null, at)) made++;
    return made;
  });
}

/** Users whose daily digest is due: claimed and moved to the next day's hour in one statement, then queued. */
export async function claimDigests(deps: TaskTickDeps): Promise<number> {
  await deps.queue.ensure(TASK_DIGEST_QUEUE);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = rowsOf<{ user_id: string; digest_hour: number; time_zone: string }>(
      await tx.execute(sql`
        select user_id, digest_hour, time_zone from notification_settings
         where email_mode = 'daily' and next_digest_at <= ${at.toISOString()}::timestamptz
         order by next_digest_at limit ${BATCH} for update skip locked`),
    );
    for (const u of due) {
      await tx.execute(sql`update notification_settings set next_digest_at = ${nextDigestSql(u.digest_hour, u.time_zone, at)} where user_id = ${u.user_id}`);
      await deps.queue.send(TASK_DIGEST_QUEUE, { user_id: u.user_id }, { tx, key: u.user_id, singletonKey: `digest:${u.user_id}:${at.toISOString().slice(0, 13)}` });
    }
    return due.length;
  });
}

/** One tick: reminders, repeats and digests, each on its own so one failing leaves the others to run. */
export async function runTaskTick(deps: TaskTickDeps): Promise<{ reminders: number; repeats: number; digests: number }> {
  const attempt = async (name: string, run: () => Promise<number>) => {
    try {
      return await run();
    } catch (error) {
      deps.logger.warn(`task tick: ${name} failed`, { error: error instanceof Error ? error.message : String(error) });
      return 0;
    }
  };
  return { reminders: await attempt("reminders", () => claimReminders(deps)), repeats: await attempt("repeats", () => claimRepeats(deps)), digests: await attempt("digests", () => claimDigests(deps)) };
}

export const taskTickDepsOf = (s: Services): TaskTickDeps => ({ db: s.database.db, queue: s.queue, now: s.clock.now, logger: s.logger });

/** Ticks while the server runs (lib/ticker: a tick still running when the next is due is not doubled). */
export function startTaskScheduler(services: Services, tickMs = TASK_TICK_MS): { stop: () => Promise<void> } {
  return startTicker("task tick", tickMs, () => runTaskTick(taskTickDepsOf(services)), services.logger);
}
