import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Agent } from "@/shared/agents";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { agentKeys } from "./agent-keys";

/** The organisation's one agent, or null before it has one. */
const agentQuery = (orgId: string) =>
  queryOptions({
    queryKey: agentKeys.agent(orgId),
    queryFn: async () => (await api<{ agent: Agent | null }>(orgPath(orgId, "/agents/agent"))).agent,
  });

export const useAgent = () => useQuery(agentQuery(useOrgId()));
