import type { CreateTaskInput, Task, UpdateTaskInput } from "@/shared/work";
import { api } from "@/web/lib/api";
import { orgPath } from "@/web/features/organisations/use-org-id";
import { useOrgMutation } from "@/web/features/organisations/use-org-mutation";

export const useCreateTask = () =>
  useOrgMutation(
    (orgId, input: CreateTaskInput) => api<{ task: Task }>(orgPath(orgId, "/tasks"), { method: "POST", body: input }).then((r) => r.task),
    { entity: "task", action: "created", ids: (_, task) => task.id },
  );

export const useUpdateTask = () =>
  useOrgMutation(
    (orgId, { taskId, ...input }: UpdateTaskInput & { taskId: string }) =>
      api<{ task: Task }>(orgPath(orgId, `/tasks/${taskId}`), { method: "PATCH", body: input }).then((r) => r.task),
    { entity: "task", action: "updated", ids: (input) => input.taskId },
  );

export const useDeleteTask = () =>
  useOrgMutation((orgId, taskId: string) => api<{ ok: true }>(orgPath(orgId, `/tasks/${taskId}`), { method: "DELETE" }), {
    entity: "task",
    action: "deleted",
    ids: (taskId) => taskId,
  });
