import { queryOptions, useQuery } from "@tanstack/react-query";
import { conversationListResponse, conversationResponse, type ChatChannel } from "@/shared/chat";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { chatKeys } from "./chat-keys";

const conversationsQuery = (orgId: string, channel: ChatChannel) =>
  queryOptions({
    queryKey: chatKeys.conversations(orgId, channel),
    queryFn: async () => conversationListResponse.parse(await api<unknown>(orgPath(orgId, `/chat/conversations?channel=${channel}`))).conversations,
  });

/** The History list (newest first), fetched when the panel opens. */
export const useConversations = (channel: ChatChannel, enabled: boolean) => useQuery({ ...conversationsQuery(useOrgId(), channel), enabled });

/** One conversation with its messages, to reopen it. */
export const conversationQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(orgId, id),
    queryFn: async () => conversationResponse.parse(await api<unknown>(orgPath(orgId, `/chat/conversations/${id}`))),
    staleTime: 0,
  });
