import type { ChatChannel } from "@/shared/chat";

// Under ["orgs", orgId] like every organisation query, so switching organisation asks again. No
// change on the shared feed is about chat (answers stream on their own request), so the page
// refreshes these itself after a send or a delete.
export const chatKeys = {
  agents: (orgId: string) => ["orgs", orgId, "chat", "agents"] as const,
  conversations: (orgId: string, channel: ChatChannel) => ["orgs", orgId, "chat", "conversations", channel] as const,
  conversation: (orgId: string, id: string) => ["orgs", orgId, "chat", "conversation", id] as const,
};
