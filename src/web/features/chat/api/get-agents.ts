import { queryOptions, useQuery } from "@tanstack/react-query";
import { chatAgentsResponse } from "@/shared/chat";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { chatKeys } from "./chat-keys";

const agentsQuery = (orgId: string) =>
  queryOptions({
    queryKey: chatKeys.agents(orgId),
    queryFn: async () => chatAgentsResponse.parse(await api<unknown>(orgPath(orgId, "/chat/agents"))),
  });

/** The agent selector and its 'N Agents Ready' badge; owners only, so a member gets a 403 here. */
export const useChatAgents = (enabled: boolean) => useQuery({ ...agentsQuery(useOrgId()), enabled });
