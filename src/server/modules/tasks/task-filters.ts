import { and, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { TaskFilters } from "@/shared/work";
import { tasks } from "../../db/schema";

/**
 * The list's and board's filters as conditions on `tasks`. Each has an index behind it (assignee,
 * status) or is a lookup per row on a primary key (label), so a page costs the same at 1k or 100k.
 */
export function filterConditions(f: Partial<TaskFilters>, userId: string): SQL[] {
  const out: SQL[] = [];
  if (f.assignee === "me") out.push(eq(tasks.assigneeId, userId));
  else if (f.assignee === "none") out.push(isNull(tasks.assigneeId));
  else if (f.assignee) out.push(eq(tasks.assigneeId, f.assignee));
  if (f.label_id) out.push(sql`exists (select 1 from task_labels tl where tl.task_id = ${tasks.id} and tl.label_id = ${f.label_id})`);
  if (f.status) out.push(eq(tasks.status, f.status));
  if (f.priority) out.push(eq(tasks.priority, f.priority));
  if (f.due_from) out.push(gte(tasks.dueAt, new Date(f.due_from)));
  if (f.due_to) out.push(lt(tasks.dueAt, new Date(f.due_to)));
  return out;
}

export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions);
