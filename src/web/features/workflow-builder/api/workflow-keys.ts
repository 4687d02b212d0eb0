import { orgKey } from "@/web/lib/org-query-key";

// The "workflows" domain of the organisation's queries: the list, each workflow and its deployment.
// A live "workflow" change refetches them (lib/change-scope.ts).
export const workflowKeys = {
  all: (orgId: string) => orgKey(orgId, "workflows"),
  list: (orgId: string) => [...workflowKeys.all(orgId), "list"] as const,
  one: (orgId: string, id: string) => [...workflowKeys.all(orgId), "one", id] as const,
  deployment: (orgId: string, id: string) => [...workflowKeys.all(orgId), "deployment", id] as const,
};

export const workflowsPath = (tail = "") => `/workflows${tail}`;
