import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Language } from "@/shared/languages";
import { messagingChannelNames, type MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { agentJobs, memberships, messagingLinks, tasks, user } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Queue, Worker } from "../../lib/queue";
import { recordChannelError } from "./channel-state";
import { NOTICE_MAX_ATTEMPTS, noticeRetryDelayMs, queueNoticeRetry, type NoticeTry } from "./notice-retry";
import { claimNoticeSend, releaseNoticeSend, settleNoticeSend } from "./notice-sends";
import { languageOf, messagingReplies } from "./replies";
import type { SendResult } from "./send-result";

/** One notice for one member, ids only: the worker reads the rest when it runs. */
export const MESSAGING_NOTIFY_QUEUE = "messaging-notify";

const notice = z.object({
  kind: z.enum(["assigned", "mentioned", "due_soon", "job_done", "job_failed"]),
  org_id: z.uuid(),
  user_id: z.string().min(1),
  task_id: z.uuid().nullish(),
  agent_job_id: z.uuid().nullish(),
  actor_id: z.string().nullish(),
});
export type ChatNotice = z.infer<typeof notice>;
/** A retry carries the notice it retries, the channel it is for and which try it is (2 for the first retry). */
const noticeJob = notice.extend({
  /** The dedupe key it was queued with: the same notice queued again later is still the same notice. */
  notice_id: z.string().min(1).max(300).optional(),
  retry: z.object({ notice_id: z.string().min(1), channel: z.enum(messagingChannelNames), attempt: z.number().int().min(2).max(NOTICE_MAX_ATTEMPTS) }).optional(),
});

export type { SendResult } from "./send-result";
/** How a channel delivers a text to a chat of an organisation (telegram/telegram-sender.ts); `lang` is the member's. */
export type ChannelSender = (orgId: string, chatId: string, text: string, lang: Language) => Promise<SendResult>;
export type ChannelSenders = Partial<Record<MessagingChannel, ChannelSender>>;

/**
 * Queues a notice for a member with a linked chat; nothing for anyone else. `dedupe` (a
 * notification's id, a job's id and outcome) keeps a redelivered event from queueing it twice.
 */
export async function queueChatNotice(db: Db, queue: Pick<Queue, "send">, n: ChatNotice, dedupe: string): Promise<void> {
  const [linked] = await db.select({ id: messagingLinks.id }).from(messagingLinks).where(and(eq(messagingLinks.orgId, n.org_id), eq(messagingLinks.userId, n.user_id))).limit(1);
  if (!linked) return;
  await queue.send(MESSAGING_NOTIFY_QUEUE, { ...n, notice_id: dedupe }, { key: n.org_id, singletonKey: `chat-notice:${dedupe}` });
}

/** An agent job ended: the member who started it hears of it in their linked chat, if they linked one. */
export async function queueJobNotice(db: Db, queue: Pick<Queue, "send">, jobId: string, outcome: "done" | "failed"): Promise<void> {
  const [job] = await db.select({ orgId: agentJobs.orgId, createdBy: agentJobs.createdBy }).from(agentJobs).where(eq(agentJobs.id, jobId));
  if (!job?.createdBy) return;
  await queueChatNotice(db, queue, { kind: outcome === "done" ? "job_done" : "job_failed", org_id: job.orgId, user_id: job.createdBy, agent_job_id: jobId }, `${jobId}:${outcome}`);
}

export type NotifyWorkerDeps = { db: Db; queue: Pick<Queue, "send">; senders: ChannelSenders; logger: Logger; appUrl: string; now: () => Date };

/** The text of a notice in the member's language; null when what it names is gone. */
async function textOf(db: Db, n: ChatNotice, appUrl: string, lang: Language): Promise<string | null> {
  const say = messagingReplies(lang);
  const actor = n.actor_id ? ((await db.select({ name: user.name }).from(user).where(eq(user.id, n.actor_id)))[0]?.name ?? null) : null;
  if (n.kind === "job_done" || n.kind === "job_failed") {
    if (!n.agent_job_id) return null;
    const [job] = await db.select({ message: agentJobs.message, lastError: agentJobs.lastError }).from(agentJobs).where(and(eq(agentJobs.id, n.agent_job_id), eq(agentJobs.orgId, n.org_id)));
    if (!job) return null;
    const summary = job.message.slice(0, 200);
    return `${n.kind === "job_done" ? say.jobDone(summary) : say.jobFailed(summary, job.lastError?.slice(0, 300) ?? null)}\n${say.open(`${appUrl}/app/agents`)}`;
  }
  if (!n.task_id) return null;
  const [task] = await db.select({ title: tasks.title }).from(tasks).where(and(eq(tasks.id, n.task_id), eq(tasks.orgId, n.org_id)));
  if (!task) return null;
  const line = n.kind === "assigned" ? say.assigned(task.title, actor) : n.kind === "mentioned" ? say.mentioned(task.title, actor) : say.dueSoon(task.title);
  return `${line}\n${say.open(`${appUrl}/app/tasks/${n.task_id}`)}`;
}

/**
 * Sends a notice to each linked chat of the member (a retry: to its one channel), on channels that
 * can send, at most once per channel (notice-sends.ts). A transient refusal is tried again later on
 * that channel alone; a final one, or the last try's, is the card's last error.
 */
export async function deliverChatNotice(deps: NotifyWorkerDeps, n: ChatNotice, at: NoticeTry): Promise<void> {
  // A member who left hears nothing more from this organisation.
  const [member] = await deps.db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, n.org_id), eq(memberships.userId, n.user_id)));
  if (!member) return;
  const links = await deps.db.select({ channel: messagingLinks.channel, chatId: messagingLinks.chatId }).from(messagingLinks).where(and(eq(messagingLinks.orgId, n.org_id), eq(messagingLinks.userId, n.user_id)));
  const wanted = links.filter((l) => at.channel === null || l.channel === at.channel);
  if (wanted.length === 0) return;
  const [person] = await deps.db.select({ locale: user.locale }).from(user).where(eq(user.id, n.user_id));
  const lang = languageOf(person?.locale);
  const text = await textOf(deps.db, n, deps.appUrl, lang);
  if (!text) return;
  for (const link of wanted) {
    const channel = messagingChannelNames.find((c) => c === link.channel);
    const send = channel ? deps.senders[channel] : undefined;
    if (!channel || !send) continue;
    if (!(await claimNoticeSend(deps.db, n.org_id, channel, at.noticeId, deps.now()))) continue;
    let sent: SendResult;
    try {
      sent = await send(n.org_id, link.chatId, text, lang);
    } catch (error) {
      // Nothing left our side (senders answer every refusal): the queue's retry of this run may claim it again.
      await releaseNoticeSend(deps.db, n.org_id, channel, at.noticeId).catch(() => undefined);
      throw error;
    }
    await settleSend(deps, n, { ...at, channel }, sent);
  }
}

async function settleSend(deps: NotifyWorkerDeps, n: ChatNotice, at: NoticeTry & { channel: MessagingChannel }, sent: SendResult): Promise<void> {
  if (!sent.ok && sent.transient && at.attempt < NOTICE_MAX_ATTEMPTS) {
    const delayMs = noticeRetryDelayMs(at.attempt, sent);
    await queueNoticeRetry(deps.db, deps.queue, MESSAGING_NOTIFY_QUEUE, n, at, delayMs, deps.now());
    deps.logger.warn("chat notice not sent; trying again", { orgId: n.org_id, channel: at.channel, attempt: at.attempt, delayMs });
    return;
  }
  await settleNoticeSend(deps.db, n.org_id, at.channel, at.noticeId, deps.now());
  if (sent.ok) return;
  await recordChannelError(deps.db, n.org_id, at.channel, sent.description, deps.now());
  deps.logger.warn("chat notice not sent", { orgId: n.org_id, channel: at.channel, attempt: at.attempt, final: !sent.transient });
}

export function chatNoticeWorker(deps: NotifyWorkerDeps): Worker {
  return {
    queue: MESSAGING_NOTIFY_QUEUE,
    handle: async (job) => {
      const parsed = noticeJob.safeParse(job.data);
      if (!parsed.success) return deps.logger.warn("ignored malformed chat notice", { jobId: job.id });
      const { retry, notice_id, ...n } = parsed.data;
      // The dedupe key names the notice (a job queued before it was carried: its id, which a redelivery keeps); a retry carries it.
      const at: NoticeTry = retry ? { noticeId: retry.notice_id, channel: retry.channel, attempt: retry.attempt } : { noticeId: notice_id ?? job.id, channel: null, attempt: 1 };
      await deliverChatNotice(deps, n, at);
    },
  };
}
