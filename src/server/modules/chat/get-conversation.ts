import { asc, desc, eq } from "drizzle-orm";
import type { ChatMessage, ConversationSummary } from "@/shared/chat";
import { chatMessages } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { conversationOf } from "./conversation-of";
import { toChatMessage, toConversationSummary } from "./message-row";

/** A long conversation returns its latest messages, oldest of them first. */
const MESSAGES_RETURNED = 500;

export async function getConversation({ db, scope }: Ctx, conversationId: string): Promise<{ conversation: ConversationSummary; messages: ChatMessage[] }> {
  const conversation = await conversationOf(db, scope, conversationId);
  const latest = db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(MESSAGES_RETURNED)
    .as("latest");
  const rows = await db.select().from(latest).orderBy(asc(latest.createdAt), asc(latest.id));
  return { conversation: toConversationSummary(conversation), messages: rows.map(toChatMessage) };
}
