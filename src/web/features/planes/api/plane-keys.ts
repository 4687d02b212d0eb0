export const planeKeys = {
  all: (orgId: string) => ["orgs", orgId, "planes"] as const,
  one: (orgId: string, planeId: string) => ["orgs", orgId, "planes", planeId] as const,
};
