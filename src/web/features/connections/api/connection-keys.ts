// Under ["orgs", orgId]: every org mutation and the live change feed refetch it.
export const connectionKeys = {
  all: (orgId: string) => ["orgs", orgId, "connections"] as const,
};
