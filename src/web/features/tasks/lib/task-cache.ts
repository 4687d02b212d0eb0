import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Task, TaskCounts, TaskPage } from "@/shared/work";
import { taskViews, type TaskView } from "@/shared/work-values";
import { taskKeys } from "../api/get-tasks";
import { dueState } from "./due-date";

type Pages = InfiniteData<TaskPage, string | null>;

const belongs = (view: TaskView, task: Task) => {
  if (view === "done") return task.status === "done";
  if (view === "overdue") return task.status !== "done" && dueState(task.due_at) === "overdue";
  if (view === "today") return dueState(task.due_at) === "today";
  return true;
};

/** One tab's pages with the task replaced, dropped, or (when it now belongs there) added at the top. */
function patchPages(data: Pages, view: TaskView, next: Task): Pages {
  const present = data.pages.some((p) => p.tasks.some((t) => t.id === next.id));
  const keep = belongs(view, next);
  const pages = data.pages.map((page, i) => {
    let tasks = page.tasks.flatMap((t) => (t.id !== next.id ? [t] : keep ? [next] : []));
    if (!present && keep && i === 0) tasks = [next, ...tasks];
    return { ...page, tasks };
  });
  return { ...data, pages };
}

/**
 * Shows a status change at once in every cached tab and in the counts; the refetch after the
 * write settles corrects anything guessed here (a position, another day's counts).
 */
export function applyStatus(qc: QueryClient, orgId: string, task: Task, status: Task["status"]) {
  const next: Task = { ...task, status };
  for (const view of taskViews) {
    // Query keys match objects partially, so { view } finds the tab whatever its other filters.
    qc.setQueriesData<Pages>({ queryKey: [...taskKeys.lists(orgId), { view }] }, (data) => data && patchPages(data, view, next));
  }
  const step = status === "done" ? 1 : -1;
  const overdue = dueState(task.due_at) === "overdue" ? -step : 0;
  qc.setQueriesData<TaskCounts>({ queryKey: taskKeys.counts(orgId) }, (c) => c && { ...c, done: Math.max(0, c.done + step), overdue: Math.max(0, c.overdue + overdue) });
}

/**
 * Undoes applyStatus for this one task: its previous status goes back into every cached list and
 * count. Nothing else is touched, so another change saved meanwhile stays as it is.
 */
export function rollbackStatus(qc: QueryClient, orgId: string, task: Task, attempted: Task["status"]) {
  if (attempted !== task.status) applyStatus(qc, orgId, { ...task, status: attempted }, task.status);
}
