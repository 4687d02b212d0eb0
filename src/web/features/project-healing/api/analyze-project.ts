import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProjectHealthLatest, ProjectHealthReport } from "@/shared/project-health";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { projectHealthKeys } from "./project-health-keys";

/** Runs an analysis now (the server answers within about 22 s: the page, then a bounded link check) and keeps its report as the latest. */
export function useAnalyzeProject() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string): Promise<ProjectHealthReport> => {
      const { report } = await api<ProjectHealthLatest>(orgPath(orgId, `/project-health/${projectId}/analyze`), { method: "POST" });
      if (!report) throw new Error("No report");
      return report;
    },
    onSuccess: (report) => queryClient.setQueryData(projectHealthKeys.report(orgId, report.project_id), report),
  });
}
