import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Task } from "@/shared/work";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { taskKeys } from "./api/get-tasks";
import { useUpdateTask } from "./api/mutate-tasks";
import { announce } from "./lib/announcer";
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

  return async (task: Task) => {
    const status = task.status === "done" ? "todo" : "done";
    // A read already under way would land the old status on top of this one.
    await Promise.all([queryClient.cancelQueries({ queryKey: taskKeys.lists(orgId) }), queryClient.cancelQueries({ queryKey: taskKeys.counts(orgId) })]);
    applyStatus(queryClient, orgId, task, status);
    try {
      await update.mutateAsync({ taskId: task.id, status });
      // The row may have left the list the focus was in; the change is said, not only shown.
      announce(t(status === "done" ? "announce.done" : "announce.todo", { title: task.title }));
    } catch (e) {
      rollbackStatus(queryClient, orgId, task, status);
      toastWriteFailed(e, t("toasts.updateFailed"));
    }
  };
}
