import type { MoveTaskInput } from "@/shared/task-team";
import type { Task, TaskStatus } from "@/shared/work";

/**
 * Where a dropped card lands: its column and the cards it now sits between. `overId` is a card or a
 * column ("column:<status>"); within a column a card dropped on a lower one goes after it (as the
 * sortable preview showed), elsewhere before it; on a column, at its end.
 */
export function dropTarget(columns: Record<TaskStatus, Task[]>, activeId: string, from: TaskStatus, overId: string): MoveTaskInput | null {
  if (overId === activeId) return null;
  const overColumn = overId.startsWith("column:") ? (overId.slice("column:".length) as TaskStatus) : (Object.keys(columns) as TaskStatus[]).find((s) => columns[s].some((x) => x.id === overId));
  if (!overColumn) return null;
  const list = columns[overColumn].filter((x) => x.id !== activeId);
  let index = list.length;
  if (!overId.startsWith("column:")) {
    const overIndex = list.findIndex((x) => x.id === overId);
    const oldIndex = columns[from].findIndex((x) => x.id === activeId);
    const newIndexInOld = columns[from].findIndex((x) => x.id === overId);
    index = overColumn === from && oldIndex < newIndexInOld ? overIndex + 1 : overIndex;
  }
  if (overColumn === from && columns[from].findIndex((x) => x.id === activeId) === index) return null;
  return { status: overColumn, after_id: list[index - 1]?.id ?? null, before_id: list[index]?.id ?? null };
}
