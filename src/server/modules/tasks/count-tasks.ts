import { eq, sql } from "drizzle-orm";
import type { TaskCounts } from "@/shared/work";
import { tasks } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { viewFilter } from "./list-tasks";

/** The four tab counts in one pass over the organisation's tasks. */
export async function countTasks({ db, scope }: Ctx, tz: string, now = new Date()): Promise<TaskCounts> {
  const filtered = (view: "today" | "overdue" | "done") => sql<number>`(count(*) filter (where ${viewFilter(view, tz, now)}))::int`;
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, today: filtered("today"), overdue: filtered("overdue"), done: filtered("done") })
    .from(tasks)
    .where(eq(tasks.orgId, scope.orgId));
  return row ?? { all: 0, today: 0, overdue: 0, done: 0 };
}
