import type { InfiniteData } from "@tanstack/react-query";
import type { BoardPage, MoveTaskInput } from "@/shared/task-team";
import type { Task } from "@/shared/work";

/** A board column as the query cache holds it: its loaded pages. */
export type Columns = InfiniteData<BoardPage, string | null>;

/** The column without the card: only the page that held it changes. */
export function withoutCard(data: Columns, id: string): Columns {
  const at = data.pages.findIndex((p) => p.tasks.some((x) => x.id === id));
  if (at < 0) return data;
  return { ...data, pages: data.pages.map((p, i) => (i === at ? { ...p, tasks: p.tasks.filter((x) => x.id !== id) } : p)) };
}

/** The column with the card placed before `before_id` or after `after_id` (else at the end of what is loaded): only that page changes. */
export function withCard(data: Columns, task: Task, input: MoveTaskInput): Columns {
  const base = withoutCard(data, task.id);
  const neighbour = input.before_id ?? input.after_id;
  let page = neighbour ? base.pages.findIndex((p) => p.tasks.some((x) => x.id === neighbour)) : -1;
  if (page < 0) page = base.pages.length - 1;
  if (page < 0) return base;
  return {
    ...base,
    pages: base.pages.map((p, i) => {
      if (i !== page) return p;
      const tasks = [...p.tasks];
      const n = neighbour ? tasks.findIndex((x) => x.id === neighbour) : -1;
      const at = n < 0 ? tasks.length : input.before_id ? n : n + 1;
      tasks.splice(at, 0, task);
      return { ...p, tasks };
    }),
  };
}
