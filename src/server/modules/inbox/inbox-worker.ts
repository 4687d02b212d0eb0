import { eq } from "drizzle-orm";
import { z } from "zod";
import type { NotificationKind } from "@/shared/work-values";
import { comments } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Queue, Worker } from "../../lib/queue";
import { queueChatNotice } from "../messaging/notify";
import type { Mailer } from "../../mail/mailer";
import { wantsMail } from "../notifications/wants-mail";
import { readEmailSettings } from "./email-settings";
import { fanOut, markEmailed, nameOf } from "./fan-out";
import { TASK_EVENTS_QUEUE, type TaskEvent } from "./task-events";
import { instantMail, type TaskMailDeps } from "./task-mail";

const taskEvent: z.ZodType<TaskEvent> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("assigned"), org_id: z.uuid(), task_id: z.uuid(), actor_id: z.string().nullable(), assignee_id: z.string() }),
  z.object({ kind: z.literal("commented"), org_id: z.uuid(), task_id: z.uuid(), actor_id: z.string().nullable(), comment_id: z.uuid() }),
  z.object({ kind: z.literal("due_soon"), org_id: z.uuid(), task_id: z.uuid(), due_at: z.string() }),
]);

const eventOf: Record<NotificationKind, "task_assigned" | "task_mentioned" | "task_commented" | "task_due_soon"> = {
  assigned: "task_assigned",
  mentioned: "task_mentioned",
  commented: "task_commented",
  due_soon: "task_due_soon",
};

/** `queue`: to pass notices on to members' linked chats (Telegram…), each its own job (messaging/notify.ts). */
export type InboxWorkerDeps = TaskMailDeps & { mailer: Pick<Mailer, "send">; logger: Logger; queue?: Pick<Queue, "send"> };

/** Runs one task event: the inbox rows first (what the bell shows), then each instant mail. */
export async function handleTaskEvent(deps: InboxWorkerDeps, event: TaskEvent, jobId: string): Promise<void> {
  const added = await fanOut(deps.db, event, jobId);
  if (added.length === 0) return;
  for (const n of added) {
    if (deps.queue && n.kind !== "commented") await queueChatNotice(deps.db, deps.queue, { kind: n.kind, org_id: event.org_id, user_id: n.userId, task_id: event.task_id, actor_id: "actor_id" in event ? event.actor_id : null }, n.id);
  }
  const actorName = "actor_id" in event ? await nameOf(deps.db, event.actor_id) : null;
  const excerpt = event.kind === "commented" ? ((await deps.db.select({ body: comments.body }).from(comments).where(eq(comments.id, event.comment_id)))[0]?.body ?? null) : null;
  const handled: string[] = [];
  for (const n of added) {
    const settings = await readEmailSettings(deps.db, n.userId);
    // Daily: left for the digest. Off, or this kind turned off: nothing to send, ever.
    if (settings.email_mode === "daily" && (await wantsMail(deps.db, n.userId, eventOf[n.kind]))) continue;
    if (settings.email_mode === "instant" && (await wantsMail(deps.db, n.userId, eventOf[n.kind]))) {
      const mail = await instantMail(deps, n.userId, { kind: n.kind, taskId: event.task_id, actorName, excerpt });
      if (mail) await deps.mailer.send(mail);
    }
    handled.push(n.id);
  }
  await markEmailed(deps.db, handled);
}

export function inboxWorker(deps: InboxWorkerDeps): Worker {
  return {
    queue: TASK_EVENTS_QUEUE,
    handle: async (job) => {
      const parsed = taskEvent.safeParse(job.data);
      // A malformed job names nothing to tell; failing it would only have it retried.
      if (!parsed.success) return deps.logger.warn("ignored malformed task event", { jobId: job.id });
      await handleTaskEvent(deps, parsed.data, job.id);
    },
  };
}
