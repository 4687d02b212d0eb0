import { closestCorners, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { taskStatuses, type TaskStatus } from "@/shared/work-values";
import type { Task } from "@/shared/work";
import { toast } from "@/web/lib/toast";
import "./team-i18n";
import { useBoardColumn, useDragHold, useMoveCard, type BoardFilter } from "./api/board";
import { useLabels, useNameOf } from "./api/team-queries";
import { BoardColumn, type Reveal } from "./components/board-column";
import { TaskFilters } from "./components/task-filters";
import { dropTarget } from "./lib/drop-target";

/** /app/board: the organisation's tasks as a Kanban board by status, live for everyone. */
export function BoardPage() {
  const { t } = useTranslation("team");
  const [params] = useSearchParams();
  const filter: BoardFilter = { projectId: params.get("project_id") ?? undefined, assignee: params.get("assignee") ?? undefined, labelId: params.get("label_id") ?? undefined };
  const columns = { todo: useBoardColumn("todo", filter), in_progress: useBoardColumn("in_progress", filter), done: useBoardColumn("done", filter) };
  // One array per column, new only when that column's data is: the other columns keep their memo.
  const todo = useMemo(() => flat(columns.todo.data?.pages), [columns.todo.data]);
  const inProgress = useMemo(() => flat(columns.in_progress.data?.pages), [columns.in_progress.data]);
  const done = useMemo(() => flat(columns.done.data?.pages), [columns.done.data]);
  const lists: Record<TaskStatus, Task[]> = useMemo(() => ({ todo, in_progress: inProgress, done }), [todo, inProgress, done]);
  const labels = useLabels().data;
  const labelsById = useMemo(() => new Map((labels ?? []).map((l) => [l.id, l])), [labels]);
  const nameOf = useNameOf();
  const move = useMoveCard(filter);
  const hold = useDragHold();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const query = params.toString();
  const hrefOf = useCallback((id: string) => `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), task: id })}`, [query]);
  // fetchNextPage is bound once per query observer, so this stays stable and the columns' memo holds.
  const { todo: q1, in_progress: q2, done: q3 } = columns;
  const onMore = useCallback((status: TaskStatus) => void { todo: q1, in_progress: q2, done: q3 }[status].fetchNextPage(), [q1.fetchNextPage, q2.fetchNextPage, q3.fetchNextPage]); // eslint-disable-line react-hooks/exhaustive-deps

  // Where a keyboard move landed: that column keeps the card mounted and focused (board-column.tsx).
  const [landed, setLanded] = useState<(Reveal & { status: TaskStatus }) | null>(null);
  const onDragEnd = (event: DragEndEvent) => {
    // The move, if any, is a write of its own: it begins before the drag's hold ends.
    dropCard(event);
    hold.end();
  };
  const dropCard = ({ active, over, activatorEvent }: DragEndEvent) => {
    if (!over) return;
    const from = (Object.keys(lists) as TaskStatus[]).find((s) => lists[s].some((x) => x.id === active.id));
    const task = from && lists[from].find((x) => x.id === active.id);
    if (!from || !task) return;
    const input = dropTarget(lists, String(active.id), from, String(over.id));
    if (!input) return;
    move.mutate({ task, input }, { onError: () => toast.error(t("board.moveFailed")) });
    if (activatorEvent instanceof KeyboardEvent) setLanded({ id: task.id, status: input.status });
  };
  const titleOf = (id: string | number) => Object.values(lists).flat().find((x) => x.id === id)?.title ?? "";
  const statusOf = (id: string | number | undefined) => {
    if (id === undefined) return "";
    const s = String(id).startsWith("column:") ? String(id).slice(7) : (Object.keys(lists) as TaskStatus[]).find((k) => lists[k].some((x) => x.id === id));
    return s ? t(`status.${s as TaskStatus}`) : "";
  };
  return (
    <div className="grid gap-4 p-4 md:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("board.title")}</h1>
        <TaskFilters compact />
      </header>
      <p className="text-sm text-muted-foreground">{t("board.keyboardHint")}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={hold.start}
        onDragEnd={onDragEnd}
        onDragCancel={hold.end}
        accessibility={{
          screenReaderInstructions: { draggable: t("board.instructions") },
          announcements: {
            onDragStart: ({ active }) => t("board.picked", { title: titleOf(active.id) }),
            onDragOver: ({ active, over }) => t("board.over", { title: titleOf(active.id), column: statusOf(over?.id) }),
            onDragEnd: ({ active, over }) => t("board.dropped", { title: titleOf(active.id), column: statusOf(over?.id) }),
            onDragCancel: ({ active }) => t("board.cancelled", { title: titleOf(active.id) }),
          },
        }}
      >
        <div className="flex gap-4 overflow-x-auto pb-4">
          {taskStatuses.map((status) => (
            <BoardColumn key={status} status={status} tasks={lists[status]} hasMore={!!columns[status].hasNextPage} onMore={onMore} labelsById={labelsById} nameOf={nameOf} hrefOf={hrefOf} reveal={landed?.status === status ? landed : null} />
          ))}
        </div>
      </DndContext>
    </div>
  );
}

function flat(pages: { tasks: Task[] }[] | undefined): Task[] {
  return pages?.flatMap((p) => p.tasks) ?? [];
}
