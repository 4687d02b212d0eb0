import { desc, eq } from "drizzle-orm";
import { CHAT_HISTORY_SENT, type ChatChannel } from "@/shared/chat";
import type { Db } from "../../db/client";
import { chatMessages, conversations } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import type { HistoryItem } from "./answer-types";
import { conversationOf } from "./conversation-of";
import type { StoredMetadata } from "./message-row";

type Conversation = typeof conversations.$inferSelect;
const TITLE_MAX = 80;

/** The conversation asked for (the caller's own), or a new one titled from its first message. */
export async function openConversation({ db, scope }: Ctx, input: { conversationId?: string | null; channel: ChatChannel; agentId?: string | null; firstMessage: string }): Promise<Conversation> {
  if (input.conversationId) return conversationOf(db, scope, input.conversationId);
  const flat = input.firstMessage.replace(/\s+/g, " ").trim();
  const title = flat.length > TITLE_MAX ? `${flat.slice(0, TITLE_MAX - 1)}…` : flat;
  const [row] = await db.insert(conversations).values({ orgId: scope.orgId, userId: scope.userId, channel: input.channel, title, agentId: input.agentId ?? null }).returning();
  return row!;
}

/** Adds a message and marks the conversation as active now (the history lists by that). */
export async function storeMessage(db: Db, conversation: Pick<Conversation, "id" | "orgId">, message: { role: "user" | "assistant" | "system"; content: string; metadata?: StoredMetadata }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chatMessages).values({ conversationId: conversation.id, orgId: conversation.orgId, role: message.role, content: message.content, metadata: message.metadata ?? {} }).returning();
    await tx.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, conversation.id));
    return row!;
  });
}

/** The conversation's last messages, oldest first, as history to send along: read before the new one is stored. */
export async function recentHistory(db: Db, conversationId: string): Promise<HistoryItem[]> {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(CHAT_HISTORY_SENT);
  return rows.reverse().map((r) => ({ role: r.role as HistoryItem["role"], content: r.content }));
}
