import { orgKey } from "@/web/lib/org-query-key";

// The "connections" domain: only a connection change refetches it (change-scope.ts).
export const connectionKeys = {
  all: (orgId: string) => orgKey(orgId, "connections"),
};
