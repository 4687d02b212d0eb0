import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProjectAutoFixResponse } from "@/shared/project-health";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { projectHealthKeys } from "./project-health-keys";

export type AutoFixTarget = { projectId: string; issueId: string };

/** Sends one issue to the project-healer agent; the report is read again to show the job. */
export function useAutoFixIssue() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, issueId }: AutoFixTarget) => api<ProjectAutoFixResponse>(orgPath(orgId, `/project-health/${projectId}/issues/${issueId}/fix`), { method: "POST" }),
    onSettled: (_data, _error, target) => queryClient.invalidateQueries({ queryKey: projectHealthKeys.report(orgId, target.projectId) }),
  });
}
