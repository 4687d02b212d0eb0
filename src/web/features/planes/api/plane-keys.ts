export const planeKeys = {
  all: (orgId: string) => ["orgs", orgId, "planes"] as const,
  one: (orgId: string, planeId: string) => ["orgs", orgId, "planes", planeId] as const,
  // Not under "planes": a plane id taken from the URL could otherwise name this key.
  pages: (orgId: string) => ["orgs", orgId, "plane-pages"] as const,
};
