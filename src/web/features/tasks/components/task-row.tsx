import { Check, PanelRightOpen } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Task } from "@/shared/work";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";
import { dueState, formatDue } from "../lib/due-date";
import { useToggleTask } from "../use-toggle-task";
import { useTaskDialog } from "./task-dialog-context";

const priorityClass: Record<Task["priority"], string> = {
  high: "border-transparent bg-destructive/15 text-destructive",
  medium: "border-transparent bg-primary/15 text-primary",
  low: "",
};

/** One task: check button, title (opens the dialog), project, priority and due date. */
export function TaskRow({ task }: { task: Task }) {
  const { t } = useTranslation("tasks");
  const toggle = useToggleTask();
  const { openTaskDialog } = useTaskDialog();
  const done = task.status === "done";
  const isOverdue = !done && dueState(task.due_at) === "overdue";

  return (
    <li className="flex items-start gap-3 py-3" data-task-id={task.id}>
      <button
        type="button"
        role="checkbox"
        aria-checked={done}
        aria-label={t(done ? "actions.markNotDone" : "actions.markDone", { title: task.title })}
        onClick={() => void toggle(task)}
        className={cn(
          "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/60 transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          done && "border-primary bg-primary text-primary-foreground",
        )}
      >
        {done && <Check className="size-3.5" strokeWidth={3} aria-hidden />}
      </button>
      <div className="grid min-w-0 flex-1 gap-1">
        <button
          type="button"
          onClick={() => openTaskDialog(task)}
          className={cn("line-clamp-2 break-words rounded-sm text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", done && "text-muted-foreground line-through")}
        >
          {task.title}
        </button>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: task.projects.color }} aria-hidden />
            <span className="truncate">{task.projects.name}</span>
          </span>
          <Badge variant="outline" className={priorityClass[task.priority]}>
            {t(`priority.${task.priority}`)}
          </Badge>
          {task.due_at && (
            <time dateTime={task.due_at} className={cn(isOverdue && "font-medium text-destructive")}>
              {t(isOverdue ? "row.overdue" : "row.due", { date: formatDue(task.due_at) })}
            </time>
          )}
          {/* The task page in the side panel: comments, assignee, labels, activity (features/team). */}
          <Link to={`?task=${task.id}`} className="inline-flex items-center gap-1 hover:underline" aria-label={t("actions.openTask", { title: task.title })}>
            <PanelRightOpen className="size-3.5" aria-hidden />
            {t("actions.open")}
          </Link>
        </div>
      </div>
    </li>
  );
}
