import { and, eq, isNull } from "drizzle-orm";
import type { MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { messagingUpdates } from "../../db/schema";

/**
 * One row per (notice, channel) in messaging_updates, beside the updates received (their ids are
 * Telegram's numbers and WhatsApp's wamids, so `notice:` never meets one; the same 7-day retention
 * prunes both). A run claims the row before it sends and settles it after: a job delivered twice, or
 * two runs at once, send at most once per channel. A run that dies between the two leaves the claim,
 * and that notice is not sent on that channel: at most once, never twice.
 */
const idOf = (noticeId: string) => `notice:${noticeId}`;
const rowOf = (orgId: string, channel: MessagingChannel, noticeId: string) =>
  and(eq(messagingUpdates.orgId, orgId), eq(messagingUpdates.channel, channel), eq(messagingUpdates.updateId, idOf(noticeId)));

/** True when this run may send: no other run holds the pair and it was not settled before. */
export async function claimNoticeSend(db: Pick<Db, "insert">, orgId: string, channel: MessagingChannel, noticeId: string, now: Date): Promise<boolean> {
  const [row] = await db.insert(messagingUpdates).values({ orgId, channel, updateId: idOf(noticeId), receivedAt: now }).onConflictDoNothing().returning({ id: messagingUpdates.updateId });
  return Boolean(row);
}

/** Sent, or refused for good: no run sends this notice on this channel again. */
export async function settleNoticeSend(db: Pick<Db, "update">, orgId: string, channel: MessagingChannel, noticeId: string, now: Date): Promise<void> {
  await db.update(messagingUpdates).set({ handledAt: now }).where(and(rowOf(orgId, channel, noticeId), isNull(messagingUpdates.handledAt)));
}

/** Not sent, to be tried again: the retry's run may claim it. */
export async function releaseNoticeSend(db: Pick<Db, "delete">, orgId: string, channel: MessagingChannel, noticeId: string): Promise<void> {
  await db.delete(messagingUpdates).where(and(rowOf(orgId, channel, noticeId), isNull(messagingUpdates.handledAt)));
}
