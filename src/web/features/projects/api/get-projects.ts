import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Project } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";

export const projectsQuery = (orgId: string, planeId?: string) =>
  queryOptions({
    queryKey: ["orgs", orgId, "projects", { planeId: planeId ?? null }] as const,
    queryFn: async () => (await api<{ projects: Project[] }>(orgPath(orgId, `/projects${planeId ? `?plane_id=${planeId}` : ""}`))).projects,
  });

export const useProjects = (planeId?: string) => useQuery(projectsQuery(useOrgId(), planeId));

export const projectQuery = (orgId: string, projectId: string) =>
  queryOptions({
    queryKey: ["orgs", orgId, "projects", projectId] as const,
    queryFn: async () => (await api<{ project: Project }>(orgPath(orgId, `/projects/${projectId}`))).project,
  });

export const useProject = (projectId: string) => useQuery(projectQuery(useOrgId(), projectId));
