import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { probeNames, type HealthHistoryPoint, type HealthHistoryResponse, type ProbeName } from "@/shared/health-history";

/** At most this many buckets per probe: 5 minutes up to 12 hours, wider buckets beyond. */
const MAX_BUCKETS = 144;

export const bucketMinutesFor = (hours: number) => Math.max(5, Math.ceil((hours * 60) / MAX_BUCKETS / 5) * 5);

type Row = { bucket: string | number; probe: string; avg_ms: string | number | null; max_ms: string | number | null; samples: string | number; failures: string | number };

const numberOrNull = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

/** The last `hours` of probe results, bucketed on the epoch so a bucket's edges do not move between refreshes. */
export async function healthHistory(db: Db, { hours, now }: { hours: number; now: Date }): Promise<HealthHistoryResponse> {
  const bucketMinutes = bucketMinutesFor(hours);
  const bucketSeconds = bucketMinutes * 60;
  const from = new Date(now.getTime() - hours * 3_600_000);
  const probes = sql.join(
    probeNames.map((p) => sql`${p}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select floor(extract(epoch from checked_at) / ${bucketSeconds})::bigint * ${bucketSeconds} as bucket, probe,
      avg(latency_ms) filter (where ok) as avg_ms, max(latency_ms) filter (where ok) as max_ms,
      count(*) as samples, count(*) filter (where not ok) as failures
    from probe_results
    where checked_at > ${from.toISOString()}::timestamptz and checked_at <= ${now.toISOString()}::timestamptz and probe in (${probes})
    group by 1, 2 order by 1, 2`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const points: HealthHistoryPoint[] = rows.map((r) => ({
    at: new Date(Number(r.bucket) * 1000).toISOString(),
    probe: r.probe as ProbeName,
    avg_ms: numberOrNull(r.avg_ms),
    max_ms: numberOrNull(r.max_ms),
    samples: Number(r.samples),
    failures: Number(r.failures),
  }));
  return { ok: true, hours, bucket_minutes: bucketMinutes, from: from.toISOString(), to: now.toISOString(), points };
}
