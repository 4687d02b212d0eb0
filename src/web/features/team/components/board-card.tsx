import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo } from "react";
import { Link } from "react-router";
import type { Label } from "@/shared/task-team";
import type { Task } from "@/shared/work";
import { cn } from "@/web/lib/cn";

type CardProps = { task: Task; assignee: string; labels: Label[]; href: string; priorityLabel: string };

/**
 * One card on the board. Memoised and laid out with content-visibility, so a board of thousands of
 * cards re-renders and paints only what a drag touches and what is on screen.
 */
export const BoardCard = memo(function BoardCard({ task, assignee, labels, href, priorityLabel }: CardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, data: { status: task.status } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, contentVisibility: "auto", containIntrinsicSize: "auto 4.5rem" }}
      className={cn("touch-none rounded-lg border bg-card p-3 text-sm shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring", isDragging && "opacity-60")}
      data-card-id={task.id}
      {...attributes}
      {...listeners}
    >
      <Link to={href} className="font-medium hover:underline" onPointerDown={(e) => e.stopPropagation()}>
        {task.title}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span className="size-2 rounded-full" style={{ backgroundColor: task.projects.color }} aria-hidden />
          {task.projects.name}
        </span>
        {task.priority === "high" && <span className="text-destructive">{priorityLabel}</span>}
        {labels.map((l) => (
          <span key={l.id} className="rounded-full border px-1.5" style={{ borderColor: l.color }}>
            {l.name}
          </span>
        ))}
        {assignee && <span className="ml-auto rounded-full bg-muted px-1.5 text-foreground">{assignee}</span>}
      </div>
    </li>
  );
});
