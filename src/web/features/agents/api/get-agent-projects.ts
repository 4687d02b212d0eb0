import { queryOptions, useQuery } from "@tanstack/react-query";
import { AGENT_PROJECT_PICKER_LIMIT } from "@/shared/agents";
import type { ProjectPage } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

/** The default-project picker offers the organisation's newest 20 projects (spec limit). */
const agentProjectsQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId, "projects"), "agent-picker"] as const,
    queryFn: async () => (await api<ProjectPage>(orgPath(orgId, `/projects?limit=${AGENT_PROJECT_PICKER_LIMIT}`))).projects,
  });

export const useAgentProjects = (enabled: boolean) => useQuery({ ...agentProjectsQuery(useOrgId()), enabled });
