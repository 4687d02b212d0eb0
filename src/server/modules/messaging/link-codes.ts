import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { MessagingChannel } from "@/shared/messaging";
import type { Db } from "../../db/client";
import { memberships, messagingLinkCodes, messagingLinks } from "../../db/schema";

export const LINK_CODE_TTL_MS = 15 * 60 * 1000;
// Unambiguous letters and digits (no 0/O, 1/I/L): read off a screen and typed on a phone.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

const hashOf = (code: string) => createHash("sha256").update(code.trim().toUpperCase()).digest("hex");

/** A new code for the caller on this channel; earlier unused codes of theirs stop working. */
export async function createLinkCode(db: Db, orgId: string, userId: string, channel: MessagingChannel, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const bytes = randomBytes(10);
  const code = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(messagingLinkCodes).where(and(eq(messagingLinkCodes.orgId, orgId), eq(messagingLinkCodes.userId, userId), eq(messagingLinkCodes.channel, channel)));
    await tx.insert(messagingLinkCodes).values({ codeHash: hashOf(code), orgId, userId, channel, expiresAt });
  });
  return { code, expiresAt };
}

/**
 * Links `chatId` to the code's member, once: the code must be of this organisation and channel,
 * unused and unexpired, and its member still a member. The chat moves from whoever had it before.
 */
export async function redeemLinkCode(db: Db, orgId: string, channel: MessagingChannel, code: string, chatId: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(messagingLinkCodes)
      .set({ usedAt: now })
      .where(and(eq(messagingLinkCodes.codeHash, hashOf(code)), eq(messagingLinkCodes.orgId, orgId), eq(messagingLinkCodes.channel, channel), isNull(messagingLinkCodes.usedAt), gt(messagingLinkCodes.expiresAt, now)))
      .returning({ userId: messagingLinkCodes.userId });
    if (!used) return null;
    const [member] = await tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, used.userId))).for("key share");
    if (!member) return null;
    await tx.delete(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.channel, channel), eq(messagingLinks.chatId, chatId)));
    await tx
      .insert(messagingLinks)
      .values({ orgId, userId: used.userId, channel, chatId })
      .onConflictDoUpdate({ target: [messagingLinks.orgId, messagingLinks.userId, messagingLinks.channel], set: { chatId, createdAt: now } });
    return used.userId;
  });
}

export async function linkedUserOf(db: Db, orgId: string, channel: MessagingChannel, chatId: string): Promise<string | null> {
  const [row] = await db.select({ userId: messagingLinks.userId }).from(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.channel, channel), eq(messagingLinks.chatId, chatId)));
  return row?.userId ?? null;
}

export async function unlinkMember(db: Pick<Db, "delete">, orgId: string, userId: string, channel: MessagingChannel): Promise<void> {
  await db.delete(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.userId, userId), eq(messagingLinks.channel, channel)));
}

/** Disconnecting a channel: every chat and code of the organisation on it goes. */
export async function unlinkChannel(db: Pick<Db, "delete">, orgId: string, channel: MessagingChannel): Promise<void> {
  await db.delete(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.channel, channel)));
  await db.delete(messagingLinkCodes).where(and(eq(messagingLinkCodes.orgId, orgId), eq(messagingLinkCodes.channel, channel)));
}
