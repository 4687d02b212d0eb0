import { orgKey } from "@/web/lib/org-query-key";

// The "health" domain: a live 'health' change refetches both.
export const healthKeys = {
  scans: (orgId: string) => [...orgKey(orgId, "health"), "platform-scans"] as const,
  config: (orgId: string) => [...orgKey(orgId, "health"), "healing-config"] as const,
};
