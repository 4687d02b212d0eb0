import { chatMessageMetadata, type ChatAction, type ChatMessage, type ConversationSummary } from "@/shared/chat";
import type { chatMessages, conversations } from "../../db/schema";
import type { PendingAction } from "./tools/tool-types";

/** What the server keeps in metadata beside the contract's fields: actions awaiting a yes, by action id. */
export type StoredMetadata = { source?: ChatMessage["metadata"]["source"]; actions?: ChatAction[]; workflow?: { name: string }; stopped?: boolean; interrupted?: boolean; pending?: Record<string, PendingAction> };

/** The message as the browser reads it; server-only metadata (pending) never leaves. */
export function toChatMessage(row: typeof chatMessages.$inferSelect): ChatMessage {
  const parsed = chatMessageMetadata.safeParse(row.metadata);
  return { id: row.id, role: row.role as ChatMessage["role"], content: row.content, created_at: row.createdAt.toISOString(), metadata: parsed.success ? parsed.data : {} };
}

export function toConversationSummary(row: typeof conversations.$inferSelect): ConversationSummary {
  return { id: row.id, channel: row.channel as ConversationSummary["channel"], title: row.title, agent_id: row.agentId, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}
