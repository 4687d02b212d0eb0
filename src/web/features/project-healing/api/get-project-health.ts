import { queryOptions, useQuery } from "@tanstack/react-query";
import { finishedJobStates } from "@/shared/jobs";
import type { ProjectHealthLatest } from "@/shared/project-health";
import { api } from "@/web/lib/api";
import { orgPath, useOrgId } from "@/web/features/organisations/use-org-id";
import { projectHealthKeys } from "./project-health-keys";

const FIX_POLL_MS = 5_000;

const projectHealthQuery = (orgId: string, projectId: string) =>
  queryOptions({
    queryKey: projectHealthKeys.report(orgId, projectId),
    queryFn: async () => (await api<ProjectHealthLatest>(orgPath(orgId, `/project-health/${projectId}`))).report,
    // While a fix job is on its way, its state is asked again now and then (besides live changes).
    refetchInterval: (query) => (query.state.data?.issues.some((i) => i.fix_state !== null && !finishedJobStates.includes(i.fix_state)) ? FIX_POLL_MS : false),
  });

/** The project's latest stored report (null before its first analysis); nothing without a project. */
export function useProjectHealth(projectId: string | null) {
  const orgId = useOrgId();
  return useQuery({ ...projectHealthQuery(orgId, projectId ?? ""), enabled: projectId !== null });
}
