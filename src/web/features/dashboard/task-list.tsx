import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TaskView } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { useTasks } from "@/web/features/tasks/api/get-tasks";
import { TaskRow } from "@/web/features/tasks/components/task-row";
import { useTaskListFocus } from "@/web/features/tasks/use-task-list-focus";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { DASHBOARD_LOAD_ERROR } from "./load-error";
import { LoadError } from "./load-error";
import { TaskListSkeleton } from "./dashboard-skeleton";

/** One tab's tasks, 50 at a time. */
export function TaskList({ view }: { view: TaskView }) {
  const { t } = useTranslation("dashboard");
  const tasks = useTasks({ view });
  useLoadErrorToast(tasks.error, t("error.toast"), DASHBOARD_LOAD_ERROR);
  const rows = useMemo(() => tasks.data?.pages.flatMap((p) => p.tasks), [tasks.data]);
  const focus = useTaskListFocus(useMemo(() => rows?.map((task) => task.id), [rows]));

  const body = () => {
    if (tasks.isPending) return <TaskListSkeleton label={t("tasks.loading")} />;
    // A refetch that failed leaves the rows it had on screen.
    if (tasks.isError && !rows) return <LoadError onRetry={() => void tasks.refetch()} />;
    if (!rows?.length) return <p className="py-10 text-center text-sm text-muted-foreground">{t(`tasks.empty.${view}`)}</p>;
    return (
      <>
        <ul className="divide-y">
          {rows.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
        {tasks.hasNextPage && (
          <div className="flex justify-center pt-3">
            <Button variant="outline" size="sm" disabled={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
              {tasks.isFetchingNextPage ? t("tasks.loadingMore") : t("tasks.loadMore")}
            </Button>
          </div>
        )}
      </>
    );
  };

  // One element whatever the state, so the focus has a place to go when the last row leaves.
  return (
    <div {...focus} className="outline-none">
      {body()}
    </div>
  );
}
