import { and, count, eq, sql } from "drizzle-orm";
import type { MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { messagingChannels, messagingLinks } from "../../db/schema";

export type ChannelState = typeof messagingChannels.$inferSelect;

export async function readChannelState(db: Db, orgId: string, channel: MessagingChannel): Promise<ChannelState | null> {
  const [row] = await db.select().from(messagingChannels).where(and(eq(messagingChannels.orgId, orgId), eq(messagingChannels.channel, channel)));
  return row ?? null;
}

type StatePatch = Partial<Pick<ChannelState, "accountName" | "verifiedAt" | "lastEventAt" | "lastError" | "lastErrorAt">>;

export async function writeChannelState(db: Pick<Db, "insert">, orgId: string, channel: MessagingChannel, patch: StatePatch): Promise<void> {
  await db
    .insert(messagingChannels)
    .values({ orgId, channel, ...patch })
    .onConflictDoUpdate({ target: [messagingChannels.orgId, messagingChannels.channel], set: { ...patch, updatedAt: sql`now()` } });
}

/** What went wrong last (a send refused, a webhook not set): shown on the card, never a secret. */
export const recordChannelError = (db: Pick<Db, "insert">, orgId: string, channel: MessagingChannel, message: string, at: Date) =>
  writeChannelState(db, orgId, channel, { lastError: message.slice(0, 300), lastErrorAt: at });

export const recordChannelEvent = (db: Pick<Db, "insert">, orgId: string, channel: MessagingChannel, at: Date) => writeChannelState(db, orgId, channel, { lastEventAt: at });

export async function linkedCount(db: Db, orgId: string, channel: MessagingChannel): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.channel, channel)));
  return row?.n ?? 0;
}
