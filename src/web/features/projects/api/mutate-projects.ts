import type { CreateProjectInput, Project, UpdateProjectInput } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreateProject = () =>
  useOrgMutation(
    (orgId, input: CreateProjectInput) => api<{ project: Project }>(orgPath(orgId, "/projects"), { method: "POST", body: input }).then((r) => r.project),
    { entity: "project", action: "created", ids: (_, project) => project.id },
  );

export const useUpdateProject = () =>
  useOrgMutation(
    (orgId, { projectId, ...input }: UpdateProjectInput & { projectId: string }) =>
      api<{ project: Project }>(orgPath(orgId, `/projects/${projectId}`), { method: "PATCH", body: input }).then((r) => r.project),
    { entity: "project", action: "updated", ids: (input) => input.projectId },
  );

export const useDeleteProject = () =>
  useOrgMutation((orgId, projectId: string) => api<{ ok: true }>(orgPath(orgId, `/projects/${projectId}`), { method: "DELETE" }), {
    entity: "project",
    action: "deleted",
    ids: (projectId) => projectId,
  });
