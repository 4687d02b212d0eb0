import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { Task } from "@/shared/work";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { refusalMessage } from "@/web/lib/api";
import { taskKeys } from "./api/get-tasks";
import { useUpdateTask } from "./api/mutate-tasks";
import { applyStatus, restoreTasks, snapshotTasks } from "./lib/task-cache";

/** The check button: flips done/todo in the cache at once, saves, and puts it back if saving fails. */
export function useToggleTask() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const update = useUpdateTask();
  const { t } = useTranslation("tasks");
  const { t: tc } = useTranslation();

  return async (task: Task) => {
    const status = task.status === "done" ? "todo" : "done";
    await queryClient.cancelQueries({ queryKey: taskKeys.all(orgId) });
    const snapshot = snapshotTasks(queryClient, orgId);
    applyStatus(queryClient, orgId, task, status);
    try {
      await update.mutateAsync({ taskId: task.id, status });
    } catch (e) {
      restoreTasks(queryClient, snapshot);
      toast.error(tc("error"), { description: refusalMessage(e, t("toasts.updateFailed")) });
    }
  };
}
