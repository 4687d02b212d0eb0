import type { AgentResponse, AgentTestResult, CreateAgentInput, UpdateAgentInput } from "@/shared/agents";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

// Each write refetches the "agents" domain (the agent, its Quickstart, the dashboard's summary) once it settles.
const agentPath = (orgId: string, tail = "") => orgPath(orgId, `/agents/agent${tail}`);

export const useCreateAgent = () =>
  useOrgMutation((orgId, input: CreateAgentInput) => api<AgentResponse>(agentPath(orgId), { method: "POST", body: input }), {
    entity: "agent",
    action: "created",
    ids: (_, r) => r.agent.id,
  });

export const useUpdateAgent = () =>
  useOrgMutation((orgId, input: UpdateAgentInput) => api<AgentResponse>(agentPath(orgId), { method: "PATCH", body: input }), {
    entity: "agent",
    action: "updated",
    ids: (_, r) => r.agent.id,
  });

export const useSetAgentStatus = () =>
  useOrgMutation((orgId, enabled: boolean) => api<AgentResponse>(agentPath(orgId, "/status"), { method: "POST", body: { enabled } }), {
    entity: "agent",
    action: "updated",
    ids: (_, r) => r.agent.id,
  });

/** The server pings the agent's n8n webhook; this browser never calls n8n. */
export const useTestAgent = () =>
  useOrgMutation((orgId, _: void) => api<AgentTestResult>(agentPath(orgId, "/test"), { method: "POST" }), { entity: "agent", action: "updated", ids: (_, r) => r.agent.id });

export const useDeleteAgent = () => useOrgMutation((orgId, _: void) => api<{ ok: true }>(agentPath(orgId), { method: "DELETE" }), { entity: "agent", action: "deleted" });
