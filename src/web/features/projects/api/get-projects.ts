import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Project, ProjectPage, ProjectUsage } from "@/shared/work";
import { api } from "@/web/lib/api";
import { fetchAllPages } from "@/web/lib/fetch-all-pages";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { projectKeys } from "./project-keys";

const fetchProjectPage = (orgId: string, filter: { planeId?: string; cursor: string | null; limit: number }) => {
  const query = new URLSearchParams({ limit: String(filter.limit) });
  if (filter.planeId) query.set("plane_id", filter.planeId);
  if (filter.cursor) query.set("cursor", filter.cursor);
  return api<ProjectPage>(orgPath(orgId, `/projects?${query}`));
};

/** Every project, newest first (optionally one plane's): for pickers that must offer them all. */
export const projectsQuery = (orgId: string, planeId?: string) =>
  queryOptions({
    queryKey: projectKeys.list(orgId, planeId),
    queryFn: () =>
      fetchAllPages(async (cursor) => fetchProjectPage(orgId, { planeId, cursor, limit: 100 }).then((p) => ({ items: p.projects, next: p.next_cursor }))),
  });

export const useProjects = (planeId?: string) => useQuery(projectsQuery(useOrgId(), planeId));

/** A plane's project list: 50 at a time, fetchNextPage for more. */
const projectPagesQuery = (orgId: string, planeId?: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.pages(orgId, planeId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchProjectPage(orgId, { planeId, cursor: pageParam, limit: 50 }),
    getNextPageParam: (page) => page.next_cursor,
  });

export const useProjectPages = (planeId?: string) => useInfiniteQuery(projectPagesQuery(useOrgId(), planeId));

/** Whether the organisation has any project at all: one row, not the list. */
const hasProjectsQuery = (orgId: string) =>
  queryOptions({
    queryKey: projectKeys.exists(orgId),
    queryFn: async () => (await fetchProjectPage(orgId, { cursor: null, limit: 1 })).projects.length > 0,
  });

export const useHasProjects = () => useQuery(hasProjectsQuery(useOrgId()));

const projectQuery = (orgId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.one(orgId, projectId),
    queryFn: async () => (await api<{ project: Project }>(orgPath(orgId, `/projects/${projectId}`))).project,
  });

/** Projects used against the plan's limit now. */
const projectUsageQuery = (orgId: string) =>
  queryOptions({
    queryKey: projectKeys.usage(orgId),
    queryFn: async () => (await api<{ usage: ProjectUsage }>(orgPath(orgId, "/projects/usage"))).usage,
  });

export const useProjectUsage = () => useQuery(projectUsageQuery(useOrgId()));

export const useProject = (projectId: string) => useQuery(projectQuery(useOrgId(), projectId));
