import { queryOptions } from "@tanstack/react-query";
import type { TaskImport } from "@/shared/task-imports";
import type { DefaultPlanesInput, ImportResult, ImportTasksInput, Plane } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgKey } from "@/web/lib/org-query-key";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreateDefaultPlanes = () =>
  useOrgMutation(
    (orgId, input: DefaultPlanesInput) =>
      api<{ planes: Plane[]; created: boolean }>(orgPath(orgId, "/onboarding/default-planes"), { method: "POST", body: input }),
    // Only planes it created are announced on the feed; existing ones come back unchanged.
    { entity: "plane", action: "created", ids: (_, r) => (r.created ? r.planes.map((p) => p.id) : []) },
  );

/** A small file's report at once (200), or a large file's import started in the background (202). */
export type ImportAnswer = ImportResult | { import: TaskImport };
export const isBackgroundImport = (answer: ImportAnswer): answer is { import: TaskImport } => "import" in answer;

// The feed announces an import by one of its rows, which the answer does not name: its echo
// refetches the task lists once more.
export const useImportTasks = () =>
  useOrgMutation((orgId, input: ImportTasksInput) => api<ImportAnswer>(orgPath(orgId, "/onboarding/import-tasks"), { method: "POST", body: input }), {
    entity: "task",
    action: "created",
  });

export const isImportRunning = (found: TaskImport | undefined) => found?.status === "queued" || found?.status === "running";

/**
 * A background import as it stands. The feed announces each step (entity "import"); the poll is
 * the fallback for a tab whose stream is down, and stops once the import is over.
 */
export const taskImportQuery = (orgId: string, importId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId, "imports"), importId],
    queryFn: async () => (await api<{ import: TaskImport }>(orgPath(orgId, `/onboarding/imports/${importId}`))).import,
    refetchInterval: (query) => (isImportRunning(query.state.data) ? 5_000 : false),
  });
