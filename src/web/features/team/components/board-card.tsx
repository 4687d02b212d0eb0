import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useMemo } from "react";
import { Link } from "react-router";
import type { Label } from "@/shared/task-team";
import type { Task } from "@/shared/work";
import { cn } from "@/web/lib/cn";

/** Every card is this tall (title and meta on one line each) so a column can window by arithmetic. */
export const CARD_HEIGHT = 72;
/** Card plus the gap below it: one row of a column. */
export const CARD_STEP = CARD_HEIGHT + 8;

type CardProps = { task: Task; assignee: string; labelsById: Map<string, Label>; href: string; priorityLabel: string };

/**
 * One card on the board. Memoised: every prop is stable while the card's task is unchanged (the
 * label map and strings are, and query data keeps unchanged tasks identical), so a move re-renders
 * only the cards it touches. Its labels are derived here rather than passed as a fresh array, which
 * broke the memo of every card on every render.
 */
export const BoardCard = memo(function BoardCard({ task, assignee, labelsById, href, priorityLabel }: CardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, data: { status: task.status } });
  const labels = useMemo(() => task.label_ids.map((id) => labelsById.get(id)).filter((l): l is Label => !!l), [task.label_ids, labelsById]);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, height: CARD_HEIGHT }}
      className={cn("touch-none overflow-hidden rounded-lg border bg-card p-3 text-sm shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring", isDragging && "opacity-60")}
      data-card-id={task.id}
      {...attributes}
      {...listeners}
    >
      <Link to={href} className="block truncate font-medium hover:underline" title={task.title} onPointerDown={(e) => e.stopPropagation()}>
        {task.title}
      </Link>
      <div className="mt-2 flex items-center gap-1.5 overflow-hidden whitespace-nowrap text-xs text-muted-foreground">
        <span className="inline-flex shrink-0 items-center gap-1">
          <span className="size-2 rounded-full" style={{ backgroundColor: task.projects.color }} aria-hidden />
          {task.projects.name}
        </span>
        {task.priority === "high" && <span className="shrink-0 text-destructive">{priorityLabel}</span>}
        {labels.map((l) => (
          <span key={l.id} className="truncate rounded-full border px-1.5" style={{ borderColor: l.color }}>
            {l.name}
          </span>
        ))}
        {assignee && <span className="ml-auto shrink-0 rounded-full bg-muted px-1.5 text-foreground">{assignee}</span>}
      </div>
    </li>
  );
});
