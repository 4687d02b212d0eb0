import { and, desc, eq } from "drizzle-orm";
import type { ChatChannel, ConversationSummary } from "@/shared/chat";
import { conversations } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { toConversationSummary } from "./message-row";

const CONVERSATIONS_LISTED = 50;

/** The caller's own conversations in this organisation and channel, most recently active first. */
export async function listConversations({ db, scope }: Ctx, channel: ChatChannel): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, scope.orgId), eq(conversations.userId, scope.userId), eq(conversations.channel, channel)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(CONVERSATIONS_LISTED);
  return rows.map(toConversationSummary);
}
