import { and, eq, gte, ilike, lt, ne, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TaskPage, taskListQuery } from "@/shared/work";
import { projects, tasks } from "../../db/schema";
import { containsPattern } from "../../lib/like-pattern";
import { ensureKnownTimeZone } from "../../lib/time-zones";
import type { Ctx } from "../organisations/org-scope";
import { dayBounds } from "./day-bounds";
import { afterCursor, decodeCursor, encodeCursor } from "./task-cursor";
import { filterConditions } from "./task-filters";
import { readTaskPage, taskJson } from "./task-row";

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
  await ensureKnownTimeZone(db, query.tz);
  const conditions: (SQL | undefined)[] = [eq(tasks.orgId, scope.orgId), viewFilter(query.view, query.tz, now)];
  if (query.project_id) conditions.push(eq(tasks.projectId, query.project_id));
  if (query.q) conditions.push(ilike(tasks.title, containsPattern(query.q)));
  conditions.push(...filterConditions(query, scope.userId));
  if (query.cursor) conditions.push(afterCursor(decodeCursor(query.cursor)));
  // One row, one JSON value: Postgres builds the page, so its cost in Node does not grow with it.
  const rows = await readTaskPage(
    db,
    sql`
    select coalesce(json_agg(${taskJson} order by t.due_at asc nulls last, t.id), '[]')::text as page
    from (
      select * from ${tasks} where ${and(...conditions)}
      order by ${tasks.dueAt} asc nulls last, ${tasks.id} limit ${query.limit + 1}
    ) t
    join ${projects} p on p.id = t.project_id`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    tasks: page,
    next_cursor: rows.length > query.limit && last ? encodeCursor({ dueAt: last.due_at, id: last.id }) : null,
  };
}
