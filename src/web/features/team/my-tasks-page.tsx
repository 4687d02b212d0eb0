import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import "./team-i18n";
import { filtersOf, useFilteredTasks } from "./api/task-list";
import { useLabels, useNameOf } from "./api/team-queries";
import { LabelsManager } from "./components/labels-manager";
import { TaskFilters } from "./components/task-filters";

/** /app/my-tasks (assigned to me) and /app/tasks (every task): a filtered list; a task opens in the side panel. */
export function TaskListPage({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation("team");
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (mine && !params.get("assignee")) setParams((p) => (p.set("assignee", "me"), p), { replace: true });
  }, [mine, params, setParams]);
  const filters = filtersOf(params);
  const list = useFilteredTasks(filters);
  const nameOf = useNameOf();
  const labels = new Map((useLabels().data ?? []).map((l) => [l.id, l]));
  const tasks = list.data?.pages.flatMap((p) => p.tasks) ?? [];
  const panelHref = (id: string) => `?${new URLSearchParams({ ...Object.fromEntries(params), task: id })}`;
  return (
    <div className="grid gap-4 p-4 md:p-6">
      <h1 className="text-2xl font-semibold">{t(mine ? "myTasks.title" : "allTasks.title")}</h1>
      <TaskFilters />
      {list.isPending ? (
        <Spinner label={t("myTasks.loading")} />
      ) : tasks.length === 0 ? (
        <p className="text-muted-foreground">{t("myTasks.empty")}</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm" data-task-id={task.id}>
              <Link to={panelHref(task.id)} className="font-medium hover:underline">{task.title}</Link>
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <span className="size-2 rounded-full" style={{ backgroundColor: task.projects.color }} aria-hidden />
                {task.projects.name}
              </span>
              <Badge variant="outline">{t(`status.${task.status}`)}</Badge>
              {task.label_ids.map((id) => labels.get(id)).map((l) => l && <span key={l.id} className="rounded-full border px-1.5 text-xs" style={{ borderColor: l.color }}>{l.name}</span>)}
              <span className="ml-auto text-muted-foreground">{nameOf(task.assignee_id) || t("unassigned")}</span>
              {task.due_at && <time className="text-muted-foreground" dateTime={task.due_at}>{formatDateTime(task.due_at)}</time>}
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && <Button variant="outline" onClick={() => void list.fetchNextPage()}>{t("myTasks.more")}</Button>}
      {!mine && <LabelsManager />}
    </div>
  );
}

export const MyTasksPage = () => <TaskListPage mine />;
export const AllTasksPage = () => <TaskListPage />;
