import { useTranslation } from "react-i18next";
import type { TaskView } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { useTasks } from "@/web/features/tasks/api/get-tasks";
import { TaskRow } from "@/web/features/tasks/components/task-row";
import { LoadError } from "./load-error";
import { TaskListSkeleton } from "./dashboard-skeleton";
import { useLoadErrorToast } from "./use-load-error-toast";

/** One tab's tasks, 50 at a time. */
export function TaskList({ view }: { view: TaskView }) {
  const { t } = useTranslation("dashboard");
  const tasks = useTasks({ view });
  useLoadErrorToast(tasks.isError);

  if (tasks.isPending) return <TaskListSkeleton label={t("tasks.loading")} />;
  if (tasks.isError) return <LoadError onRetry={() => void tasks.refetch()} />;
  const rows = tasks.data.pages.flatMap((p) => p.tasks);
  if (rows.length === 0) return <p className="py-10 text-center text-sm text-muted-foreground">{t(`tasks.empty.${view}`)}</p>;
  return (
    <div>
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
    </div>
  );
}
