// The "workflows" domain of the organisation's queries: the list, each workflow and its deployment.
// Spelled out rather than through orgKey() until "workflows" joins orgDomains (see the report to the lead).
export const workflowKeys = {
  all: (orgId: string) => ["orgs", orgId, "workflows"] as const,
  list: (orgId: string) => [...workflowKeys.all(orgId), "list"] as const,
  one: (orgId: string, id: string) => [...workflowKeys.all(orgId), "one", id] as const,
  deployment: (orgId: string, id: string) => [...workflowKeys.all(orgId), "deployment", id] as const,
};

export const workflowsPath = (tail = "") => `/workflows${tail}`;
