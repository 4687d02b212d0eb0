import type { DefaultPlanesInput, ImportResult, ImportTasksInput, Plane } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreateDefaultPlanes = () =>
  useOrgMutation(
    (orgId, input: DefaultPlanesInput) =>
      api<{ planes: Plane[]; created: boolean }>(orgPath(orgId, "/onboarding/default-planes"), { method: "POST", body: input }),
    // Only planes it created are announced on the feed; existing ones come back unchanged.
    { entity: "plane", action: "created", ids: (_, r) => (r.created ? r.planes.map((p) => p.id) : []) },
  );

// The feed announces an import by one of its rows, which the answer does not name: its echo
// refetches the task lists once more.
export const useImportTasks = () =>
  useOrgMutation((orgId, input: ImportTasksInput) => api<ImportResult>(orgPath(orgId, "/onboarding/import-tasks"), { method: "POST", body: input }), {
    entity: "task",
    action: "created",
  });
