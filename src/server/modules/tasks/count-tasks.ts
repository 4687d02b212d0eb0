import { sql } from "drizzle-orm";
import type { TaskCounts } from "@/shared/work";
import type { Ctx } from "../organisations/org-scope";
import { dayBounds } from "./day-bounds";

/**
 * The four tab counts. All, done and the whole UTC days before today come from task_day_counts
 * (kept by triggers); only the hours between the last UTC midnight and local midnight, and today
 * itself, are counted from tasks, through the (org_id, due_at) index. The cost does not grow with
 * the number of tasks, only with the number of days that have some.
 */
export async function countTasks({ db, scope }: Ctx, tz: string, now = new Date()): Promise<TaskCounts> {
  const { start, end } = dayBounds(tz, now);
  const utcDayOfStart = sql`((${start}) at time zone 'UTC')::date`;
  const result = await db.execute(sql`
    select
      coalesce((select sum(n) from task_day_counts where org_id = ${scope.orgId}), 0)::int as all,
      coalesce((select sum(n) from task_day_counts where org_id = ${scope.orgId} and status = 'done'), 0)::int as done,
      (coalesce((select sum(n) from task_day_counts
                 where org_id = ${scope.orgId} and status <> 'done' and day < ${utcDayOfStart}), 0)
       + (select count(*) from tasks
          where org_id = ${scope.orgId} and status <> 'done'
            and due_at >= (${utcDayOfStart})::timestamp at time zone 'UTC' and due_at < ${start}))::int as overdue,
      (select count(*) from tasks where org_id = ${scope.orgId} and due_at >= ${start} and due_at < ${end})::int as today
  `);
  // Both drivers answer { rows }; the shared Db type cannot say so.
  const row = (result as unknown as { rows: { all: number; done: number; overdue: number; today: number }[] }).rows[0];
  return { all: Number(row?.all ?? 0), today: Number(row?.today ?? 0), overdue: Number(row?.overdue ?? 0), done: Number(row?.done ?? 0) };
}
