import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { NotificationKind } from "@/shared/work-values";
import { notifications, user } from "../../db/schema";
import type { Worker } from "../../lib/queue";
import { mailText } from "../../mail/mail-text";
import { wantsMail } from "../notifications/wants-mail";
import { markEmailed } from "./fan-out";
import type { InboxWorkerDeps } from "./inbox-worker";
import { itemLine, unsubscribeHeaders, unsubscribeUrlOf } from "./task-mail";

export const TASK_DIGEST_QUEUE = "task-digest";
const SHOWN = 50;
const eventOf = { assigned: "task_assigned", mentioned: "task_mentioned", commented: "task_commented", due_soon: "task_due_soon" } as const;

/** One user's daily digest: every notification not yet mailed, in one mail, then marked mailed. */
export async function sendDigest(deps: InboxWorkerDeps, userId: string): Promise<boolean> {
  const [to] = await deps.db.select({ id: user.id, email: user.email, locale: user.locale }).from(user).where(eq(user.id, userId));
  if (!to) return false;
  const rows = await deps.db
    .select({ id: notifications.id, kind: notifications.kind, taskId: notifications.taskId, actorName: user.name })
    .from(notifications)
    .leftJoin(user, eq(user.id, notifications.actorId))
    .where(and(eq(notifications.userId, userId), isNull(notifications.emailedAt)))
    .orderBy(asc(notifications.createdAt))
    .limit(500);
  const lines: string[] = [];
  for (const row of rows) {
    const kind = row.kind as NotificationKind;
    if (!row.taskId || !(await wantsMail(deps.db, userId, eventOf[kind])) || lines.length >= SHOWN) continue;
    const words = await itemLine(deps, to, { kind, taskId: row.taskId, actorName: row.actorName });
    if (words) lines.push(`- ${words.line} ${deps.appUrl}/app/tasks/${row.taskId}`);
  }
  await markEmailed(deps.db, rows.map((r) => r.id));
  if (lines.length === 0) return false;
  const unsubscribeUrl = unsubscribeUrlOf(deps, userId);
  const text = [mailText(to.locale, "digest.intro"), "", ...lines, "", "-- ", mailText(to.locale, "task.footer", { appName: deps.appName, appUrl: deps.appUrl, unsubscribeUrl })].join("\n");
  await deps.mailer.send({ to: to.email, subject: mailText(to.locale, "digest.subject", { appName: deps.appName, count: lines.length }), text, headers: unsubscribeHeaders(unsubscribeUrl) });
  return true;
}

export function digestWorker(deps: InboxWorkerDeps): Worker {
  return {
    queue: TASK_DIGEST_QUEUE,
    handle: async (job) => {
      const parsed = z.object({ user_id: z.string() }).safeParse(job.data);
      if (parsed.success) await sendDigest(deps, parsed.data.user_id);
    },
  };
}

