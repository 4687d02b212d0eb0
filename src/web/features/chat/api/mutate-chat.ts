import { confirmChatActionResponse, type ChatMessage } from "@/shared/chat";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";

export const deleteConversation = (orgId: string, id: string) => api<unknown>(orgPath(orgId, `/chat/conversations/${id}`), { method: "DELETE" });

/** Runs or cancels a destructive action the assistant proposed; answers with the message as it is now. */
export async function decideChatAction(orgId: string, messageId: string, actionId: string, decision: "confirm" | "cancel"): Promise<ChatMessage> {
  const body = { action_id: actionId, decision };
  return confirmChatActionResponse.parse(await api<unknown>(orgPath(orgId, `/chat/messages/${messageId}/confirm`), { method: "POST", body })).message;
}
