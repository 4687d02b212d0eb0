import type { HealthHistoryPoint, HealthHistoryResponse, ProbeName } from "@/shared/health-history";

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 120;

/** One probe's figures over the window: latency of the answers that came, and how many did not. */
export type ProbeSummary = { avgMs: number | null; maxMs: number | null; samples: number; failures: number };

export function summarise(points: HealthHistoryPoint[], probe: ProbeName): ProbeSummary {
  const mine = points.filter((p) => p.probe === probe);
  let weighted = 0;
  let answered = 0;
  let maxMs: number | null = null;
  for (const p of mine) {
    const ok = p.samples - p.failures;
    if (p.avg_ms !== null && ok > 0) {
      weighted += p.avg_ms * ok;
      answered += ok;
    }
    if (p.max_ms !== null) maxMs = Math.max(maxMs ?? 0, p.max_ms);
  }
  return {
    avgMs: answered > 0 ? Math.round((weighted / answered) * 10) / 10 : null,
    maxMs,
    samples: mine.reduce((n, p) => n + p.samples, 0),
    failures: mine.reduce((n, p) => n + p.failures, 0),
  };
}

/** The chart's top: the slowest average, rounded up to a readable figure, at least 10 ms. */
export function scaleTop(points: HealthHistoryPoint[]): number {
  const top = Math.max(10, ...points.map((p) => p.avg_ms ?? 0));
  const step = top <= 50 ? 10 : top <= 200 ? 50 : top <= 1000 ? 100 : 500;
  return Math.ceil(top / step) * step;
}

/**
 * SVG polyline points of one probe's average latency: a level step across each bucket, so a
 * single bucket still shows; buckets without an answer are left out.
 */
export function linePoints(history: HealthHistoryResponse, probe: ProbeName, top: number): string {
  const from = Date.parse(history.from);
  const span = Math.max(1, Date.parse(history.to) - from);
  const bucketMs = history.bucket_minutes * 60_000;
  const xOf = (ms: number) => Math.min(CHART_WIDTH, Math.max(0, ((ms - from) / span) * CHART_WIDTH)).toFixed(1);
  return history.points
    .filter((p) => p.probe === probe && p.avg_ms !== null)
    .flatMap((p) => {
      const y = (CHART_HEIGHT - (Math.min(p.avg_ms!, top) / top) * (CHART_HEIGHT - 2) - 1).toFixed(1);
      const start = Date.parse(p.at);
      return [`${xOf(start)},${y}`, `${xOf(start + bucketMs)},${y}`];
    })
    .join(" ");
}

/** Where failures happened, as x positions across the window. */
export function failureMarks(history: HealthHistoryResponse): number[] {
  const from = Date.parse(history.from);
  const span = Math.max(1, Date.parse(history.to) - from);
  return history.points.filter((p) => p.failures > 0).map((p) => Math.min(CHART_WIDTH, Math.max(0, ((Date.parse(p.at) - from) / span) * CHART_WIDTH)));
}
