import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Task } from "@/shared/work";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { refusalMessage } from "@/web/lib/api";
import { taskKeys } from "./api/get-tasks";
import { useUpdateTask } from "./api/mutate-tasks";
import { applyStatus, rollbackStatus } from "./lib/task-cache";

/**
 * The check button: flips done/todo in the cache at once, saves, and if saving fails puts back
 * this task only. Ticks may overlap; the refetch comes once the last of them has settled.
 */
export function useToggleTask() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const update = useUpdateTask();
  const { t } = useTranslation("tasks");
  const { t: tc } = useTranslation();

  return async (task: Task) => {
    const status = task.status === "done" ? "todo" : "done";
    // A read already under way would land the old status on top of this one.
    await Promise.all([queryClient.cancelQueries({ queryKey: taskKeys.lists(orgId) }), queryClient.cancelQueries({ queryKey: taskKeys.counts(orgId) })]);
    applyStatus(queryClient, orgId, task, status);
    try {
      await update.mutateAsync({ taskId: task.id, status });
    } catch (e) {
      rollbackStatus(queryClient, orgId, task, status);
      toast.error(tc("error"), { description: refusalMessage(e, t("toasts.updateFailed")) });
    }
  };
}
