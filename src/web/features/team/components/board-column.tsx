import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useTranslation } from "react-i18next";
import type { Label } from "@/shared/task-team";
import type { Task, TaskStatus } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { BoardCard } from "./board-card";

type ColumnProps = {
  status: TaskStatus;
  tasks: Task[];
  hasMore: boolean;
  onMore: () => void;
  labelsById: Map<string, Label>;
  nameOf: (id: string | null) => string;
  hrefOf: (id: string) => string;
};

/** A status column: a drop area holding its cards in rank order. */
export function BoardColumn({ status, tasks, hasMore, onMore, labelsById, nameOf, hrefOf }: ColumnProps) {
  const { t } = useTranslation("team");
  const { setNodeRef, isOver } = useDroppable({ id: `column:${status}`, data: { status } });
  const priorityLabel = t("priority.high");
  return (
    <section aria-labelledby={`col-${status}`} className={`flex min-w-72 flex-1 flex-col rounded-xl bg-muted/40 p-2 ${isOver ? "ring-2 ring-primary/40" : ""}`} data-column={status}>
      <h2 id={`col-${status}`} className="flex items-center justify-between px-2 py-1 text-sm font-semibold">
        {t(`status.${status}`)} <span className="text-muted-foreground">{tasks.length}{hasMore ? "+" : ""}</span>
      </h2>
      <SortableContext id={status} items={tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        <ol ref={setNodeRef} className="grid min-h-24 content-start gap-2 p-1">
          {tasks.map((task) => (
            <BoardCard key={task.id} task={task} assignee={nameOf(task.assignee_id)} labels={task.label_ids.map((id) => labelsById.get(id)).filter((l): l is Label => !!l)} href={hrefOf(task.id)} priorityLabel={priorityLabel} />
          ))}
        </ol>
      </SortableContext>
      {hasMore && <Button variant="ghost" size="sm" onClick={onMore}>{t("board.more")}</Button>}
    </section>
  );
}
