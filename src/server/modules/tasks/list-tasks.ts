import { and, asc, eq, gte, ilike, lt, ne, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TaskPage, taskListQuery } from "@/shared/work";
import { projects, tasks } from "../../db/schema";
import { containsPattern } from "../../lib/like-pattern";
import type { Ctx } from "../organisations/org-scope";
import { dayBounds } from "./day-bounds";
import { afterCursor, decodeCursor, encodeCursor } from "./task-cursor";
import { toTask } from "./task-row";

type Query = z.infer<typeof taskListQuery>;

/** The filter of each dashboard tab; the counts use the same definitions. */
export function viewFilter(view: Query["view"], tz: string, now: Date): SQL | undefined {
  const { start, end } = dayBounds(tz, now);
  switch (view) {
    case "today":
      return and(gte(tasks.dueAt, start), lt(tasks.dueAt, end));
    case "overdue":
      return and(lt(tasks.dueAt, start), ne(tasks.status, "done"));
    case "done":
      return eq(tasks.status, "done");
    default:
      return undefined;
  }
}

export async function listTasks({ db, scope }: Ctx, query: Query, now = new Date()): Promise<TaskPage> {
  const conditions: (SQL | undefined)[] = [eq(tasks.orgId, scope.orgId), viewFilter(query.view, query.tz, now)];
  if (query.project_id) conditions.push(eq(tasks.projectId, query.project_id));
  if (query.q) conditions.push(ilike(tasks.title, containsPattern(query.q)));
  if (query.cursor) conditions.push(afterCursor(decodeCursor(query.cursor)));
  const rows = await db
    .select({ task: tasks, project: { name: projects.name, color: projects.color } })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(...conditions))
    .orderBy(sql`${tasks.dueAt} asc nulls last`, asc(tasks.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    tasks: page.map((r) => toTask(r.task, r.project)),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ dueAt: last.task.dueAt?.toISOString() ?? null, id: last.task.id }) : null,
  };
}
