import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Label } from "@/shared/task-team";
import type { Task, TaskStatus } from "@/shared/work";
import { Button } from "@/web/components/ui/button";
import { windowRange } from "../lib/window-range";
import { BoardCard, CARD_STEP } from "./board-card";

type ColumnProps = {
  status: TaskStatus;
  tasks: Task[];
  hasMore: boolean;
  onMore: (status: TaskStatus) => void;
  labelsById: Map<string, Label>;
  nameOf: (id: string | null) => string;
  hrefOf: (id: string) => string;
  /** A card just moved here by keyboard: scrolled into the window (else it would not be mounted) and focused. */
  reveal: Reveal | null;
};

export type Reveal = { id: string };

/** Cards rendered above and below the visible ones, so a quick scroll or a keyboard move finds them. */
const OVERSCAN = 6;

/**
 * A status column: a drop area holding its cards in rank order. It scrolls on its own and renders
 * only the cards in view plus overscan (fixed-height rows, padded above and below), so only those
 * register with dnd-kit and re-render while something is dragged.
 */
export const BoardColumn = memo(function BoardColumn({ status, tasks, hasMore, onMore, labelsById, nameOf, hrefOf, reveal }: ColumnProps) {
  const { t } = useTranslation("team");
  const { setNodeRef, isOver } = useDroppable({ id: `column:${status}`, data: { status } });
  const priorityLabel = t("priority.high");
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    // One measurement a frame at most: scroll events come faster than paints.
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight })));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, []);
  // A card that lands outside the rendered rows would be unmounted and lose the focus: the column
  // scrolls to it first (and renders those rows at once), then focuses it once it is mounted.
  useLayoutEffect(() => {
    const el = scroller.current;
    const index = reveal ? tasks.findIndex((x) => x.id === reveal.id) : -1;
    if (!el || index < 0) return;
    const top = index * CARD_STEP;
    if (top < el.scrollTop || top + CARD_STEP > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - Math.floor(el.clientHeight / 2));
    setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
  }, [reveal, tasks]);
  useEffect(() => {
    if (!reveal) return;
    const frame = requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(reveal.id)}"]`)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [reveal]);
  const ids = useMemo(() => tasks.map((x) => x.id), [tasks]);
  const range = windowRange(tasks.length, CARD_STEP, view.top, view.height, OVERSCAN);
  return (
    <section aria-labelledby={`col-${status}`} className={`flex min-w-72 flex-1 flex-col rounded-xl bg-muted/40 p-2 ${isOver ? "ring-2 ring-primary/40" : ""}`} data-column={status} data-count={tasks.length}>
      <h2 id={`col-${status}`} className="flex items-center justify-between px-2 py-1 text-sm font-semibold">
        {t(`status.${status}`)} <span className="text-muted-foreground">{tasks.length}{hasMore ? "+" : ""}</span>
      </h2>
      <SortableContext id={status} items={ids} strategy={verticalListSortingStrategy}>
        <div ref={scroller} className="max-h-[calc(100dvh-14rem)] min-h-24 overflow-y-auto">
          <ol ref={setNodeRef} className="flex min-h-24 flex-col gap-2 p-1" style={{ paddingTop: range.padTop + 4, paddingBottom: range.padBottom + 4 }}>
            {tasks.slice(range.start, range.end).map((task) => (
              <BoardCard key={task.id} task={task} assignee={nameOf(task.assignee_id)} labelsById={labelsById} href={hrefOf(task.id)} priorityLabel={priorityLabel} />
            ))}
          </ol>
        </div>
      </SortableContext>
      {hasMore && <Button variant="ghost" size="sm" onClick={() => onMore(status)}>{t("board.more")}</Button>}
    </section>
  );
});
