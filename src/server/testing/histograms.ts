import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Every count the task triggers keep (the day and hour histograms, the per-project totals), as kept
 * and as a rebuild from tasks makes them.
 */
export async function histogramsOf(db: Db, orgId: string): Promise<{ kept: unknown[]; rebuilt: unknown[] }> {
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const kept = await rowsOf(sql`
    select hour::text as bucket, status, n from task_hour_counts where org_id = ${orgId} and n <> 0
    union all select day::text, status, n from task_day_counts where org_id = ${orgId} and n <> 0
    union all select 'project ' || project_id, 'all', total from project_task_counts where org_id = ${orgId} and total <> 0
    union all select 'project ' || project_id, 'open', open from project_task_counts where org_id = ${orgId} and open <> 0 order by 1, 2`);
  const rebuilt = await rowsOf(sql`
    select (date_trunc('hour', due_at at time zone 'UTC') at time zone 'UTC')::text as bucket, status, count(*)::int as n
    from tasks where org_id = ${orgId} and due_at is not null group by 1, 2
    union all select coalesce((due_at at time zone 'UTC')::date, 'infinity'::date)::text, status, count(*)::int
    from tasks where org_id = ${orgId} group by 1, 2
    union all select 'project ' || project_id, 'all', count(*)::int from tasks where org_id = ${orgId} group by 1
    union all select 'project ' || project_id, 'open', count(*)::int from tasks where org_id = ${orgId} and status <> 'done' group by 1 order by 1, 2`);
  return { kept, rebuilt };
}
