import { orgKey } from "@/web/lib/org-query-key";

// Under the "planes" domain: a plane change refetches them all (change-scope.ts).
export const planeKeys = {
  list: (orgId: string) => [...orgKey(orgId, "planes"), "list"] as const,
  pages: (orgId: string) => [...orgKey(orgId, "planes"), "pages"] as const,
  // Behind "one", so a plane id taken from the URL cannot name another key.
  one: (orgId: string, planeId: string) => [...orgKey(orgId, "planes"), "one", planeId] as const,
};
