import type { DefaultPlanesInput, ImportResult, ImportTasksInput, Plane } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreateDefaultPlanes = () =>
  useOrgMutation((orgId, input: DefaultPlanesInput) =>
    api<{ planes: Plane[]; created: boolean }>(orgPath(orgId, "/onboarding/default-planes"), { method: "POST", body: input }),
  );

export const useImportTasks = () =>
  useOrgMutation((orgId, input: ImportTasksInput) => api<ImportResult>(orgPath(orgId, "/onboarding/import-tasks"), { method: "POST", body: input }));
