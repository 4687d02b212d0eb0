import { orgKey } from "@/web/lib/org-query-key";

// The "agents" domain: the agent, its Quickstart and the dashboard's summary, refetched together after a write.
export const agentKeys = {
  agent: (orgId: string) => [...orgKey(orgId, "agents"), "agent"] as const,
  setup: (orgId: string) => [...orgKey(orgId, "agents"), "setup"] as const,
  summary: (orgId: string, since: string) => [...orgKey(orgId, "agents"), "summary", since] as const,
};
