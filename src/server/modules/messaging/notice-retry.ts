import type { MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { backoffDelay, type Backoff } from "../../lib/backoff";
import type { Queue } from "../../lib/queue";
import { releaseNoticeSend } from "./notice-sends";

/** Tries per (notice, channel), the first included: about a quarter of an hour of backoff in all. */
export const NOTICE_MAX_ATTEMPTS = 6;
/** Before the second try 15-30 s, doubling, never past 30 min (jittered: a Telegram outage ends for every organisation at once). */
export const NOTICE_BACKOFF: Backoff = { baseMs: 30_000, capMs: 30 * 60_000 };
/** A retry_after past this is not one to wait for: the notice would be stale. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Which try this is of which notice (its dedupe key) on which channel; the first try covers every channel. */
export type NoticeTry = { noticeId: string; channel: MessagingChannel | null; attempt: number };

/** How long after try `attempt` failed the next one runs: what the service asked for, else the backoff. */
export function noticeRetryDelayMs(attempt: number, failed: { retryAfterMs?: number }, random: () => number = Math.random): number {
  if (failed.retryAfterMs !== undefined) return Math.min(failed.retryAfterMs, MAX_RETRY_AFTER_MS);
  return backoffDelay(attempt - 1, NOTICE_BACKOFF, random);
}

/** What a retry job carries: the notice (ids only) and which try of it on which channel. */
export type NoticeRetryData<N> = N & { retry: { notice_id: string; channel: MessagingChannel; attempt: number } };

/**
 * Queues the next try of one notice on one channel and gives up this run's claim, in one
 * transaction: either the retry exists and may claim, or the claim stays and nothing is lost
 * twice. The singleton key names the try, so a redelivered run does not queue it again.
 */
export async function queueNoticeRetry<N extends { org_id: string }>(db: Db, queue: Pick<Queue, "send">, queueName: string, n: N, at: NoticeTry & { channel: MessagingChannel }, delayMs: number, now: Date): Promise<void> {
  const next = at.attempt + 1;
  const data: NoticeRetryData<N> = { ...n, retry: { notice_id: at.noticeId, channel: at.channel, attempt: next } };
  await db.transaction(async (tx) => {
    await queue.send(queueName, data, { tx, key: n.org_id, startAfter: new Date(now.getTime() + delayMs), singletonKey: `chat-notice-retry:${at.noticeId}:${at.channel}:${next}` });
    await releaseNoticeSend(tx, n.org_id, at.channel, at.noticeId);
  });
}
