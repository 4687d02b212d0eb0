import { sql, type SQL } from "drizzle-orm";
import type { TaskCounts } from "@/shared/work";
import { ensureKnownTimeZone } from "../../lib/time-zones";
import type { Ctx } from "../organisations/org-scope";
import { dayBounds } from "./day-bounds";

/**
 * The four tab counts, from the histograms the triggers keep (migrations 0002 and 0004), so the
 * cost does not grow with the number of tasks:
 * - all, done and the whole UTC days before today: task_day_counts (one row per day and status);
 * - today, and the hours of the boundary UTC day before local midnight: task_hour_counts;
 * - only a partial hour, where a zone's midnight is not on a whole UTC hour (+05:45, +05:30, ...),
 *   is counted from tasks itself, through the (org_id, due_at) index.
 */
export async function countTasks({ db, scope }: Ctx, tz: string, now = new Date()): Promise<TaskCounts> {
  await ensureKnownTimeZone(db, tz);
  const { start, end } = dayBounds(tz, now);
  const hourOf = (instant: SQL) => sql`(date_trunc('hour', ${instant} at time zone 'UTC') at time zone 'UTC')`;
  const org = scope.orgId;
  const result = await db.execute(sql`
    with b as materialized (
      select s, e, s_day, s_hour, e_hour,
        s_hour + case when s_hour < s then interval '1 hour' else interval '0' end as s_next_hour
      from (
        select s, e, (s at time zone 'UTC')::date as s_day, ${hourOf(sql`s`)} as s_hour, ${hourOf(sql`e`)} as e_hour
        from (select ${start} as s, ${end} as e) bounds
      ) hours
    )
    select
      coalesce((select sum(n) from task_day_counts where org_id = ${org}), 0)::int as all,
      coalesce((select sum(n) from task_day_counts where org_id = ${org} and status = 'done'), 0)::int as done,
      (coalesce((select sum(n) from task_day_counts where org_id = ${org} and status <> 'done' and day < b.s_day), 0)
       + coalesce((select sum(n) from task_hour_counts
                   where org_id = ${org} and status <> 'done' and hour >= b.s_day::timestamp at time zone 'UTC' and hour < b.s_hour), 0)
       + (select count(*) from tasks where org_id = ${org} and status <> 'done' and due_at >= b.s_hour and due_at < b.s))::int as overdue,
      (coalesce((select sum(n) from task_hour_counts where org_id = ${org} and hour >= b.s_next_hour and hour < b.e_hour), 0)
       + (select count(*) from tasks where org_id = ${org} and due_at >= b.s and due_at < b.s_next_hour)
       + (select count(*) from tasks where org_id = ${org} and due_at >= b.e_hour and due_at < b.e))::int as today
    from b
  `);
  // Both drivers answer { rows }; the shared Db type cannot say so.
  const row = (result as unknown as { rows: { all: number; done: number; overdue: number; today: number }[] }).rows[0];
  return { all: Number(row?.all ?? 0), today: Number(row?.today ?? 0), overdue: Number(row?.overdue ?? 0), done: Number(row?.done ?? 0) };
}
