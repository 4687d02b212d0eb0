import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AgentSetup } from "@/shared/agents";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { agentKeys } from "./agent-keys";

/** The Quickstart's five steps, checked by the server when asked (it pings n8n's health: not cached long). */
const agentSetupQuery = (orgId: string) =>
  queryOptions({
    queryKey: agentKeys.setup(orgId),
    queryFn: () => api<AgentSetup>(orgPath(orgId, "/agents/setup")),
    staleTime: 0,
  });

export const useAgentSetup = (enabled: boolean) => useQuery({ ...agentSetupQuery(useOrgId()), enabled });
