import { orgKey } from "@/web/lib/org-query-key";

// Every query holding project rows is under "projects": they carry task counts, so a task change
// refetches them too. Whether any project exists is apart, so a task change leaves it alone.
export const projectKeys = {
  list: (orgId: string, planeId?: string) => [...orgKey(orgId, "projects"), "list", { planeId: planeId ?? null }] as const,
  pages: (orgId: string, planeId?: string) => [...orgKey(orgId, "projects"), "pages", { planeId: planeId ?? null }] as const,
  // Behind "one", so a project id taken from the URL cannot name another key.
  one: (orgId: string, projectId: string) => [...orgKey(orgId, "projects"), "one", projectId] as const,
  exists: (orgId: string) => orgKey(orgId, "has-projects"),
  // Apart from "projects", so a task change leaves '2 of 3 projects used' alone.
  usage: (orgId: string) => orgKey(orgId, "project-usage"),
};
