import { orgKey } from "@/web/lib/org-query-key";

// Under "jobs": a report shows its fix jobs' states, so a job's live change refetches it.
export const projectHealthKeys = {
  report: (orgId: string, projectId: string) => [...orgKey(orgId, "jobs"), "project-health", projectId] as const,
};
