import { DIAGNOSTICS_WINDOW_MINUTES, type RequestFigures, type RouteFigures } from "@/shared/diagnostics";
import { addInto, bucketOf, newHistogram, percentileOf } from "./latency-histogram";

/** One route's figures for one minute; a slot is reused when its minute comes round again. */
type Slot = { minute: number; requests: number; clientErrors: number; serverErrors: number; maxMs: number; histogram: Uint32Array };
type Series = (Slot | undefined)[];

export const OTHER_ROUTES = "other";
export const UNMATCHED_ROUTE = "unmatched";
export const DEFAULT_ROUTE_CAP = 50;
const MINUTE_MS = 60_000;
const WINDOW = DIAGNOSTICS_WINDOW_MINUTES;

export type RequestMetrics = {
  /** `route` must be a pattern ("GET /api/v1/organisations/:orgId"), never a raw path. */
  record: (route: string, status: number, ms: number) => void;
  snapshot: () => RequestFigures;
};

/**
 * Per-minute request counts, 4xx, 5xx and latency histograms per route pattern, for the last hour,
 * in this process's memory. At most `routeCap` routes are kept (plus "other", where the rest are
 * counted, and "unmatched"); a route idle for the whole window gives its place up.
 */
export function createRequestMetrics({ now = Date.now, routeCap = DEFAULT_ROUTE_CAP }: { now?: () => number; routeCap?: number } = {}): RequestMetrics {
  const routes = new Map<string, Series>();
  let prunedAt = -1;

  const minuteNow = () => Math.floor(now() / MINUTE_MS);
  const isLive = (slot: Slot | undefined, current: number): slot is Slot => slot !== undefined && slot.minute > current - WINDOW && slot.minute <= current;

  const prune = (current: number) => {
    if (prunedAt === current) return;
    prunedAt = current;
    for (const [route, series] of routes) if (!series.some((slot) => isLive(slot, current))) routes.delete(route);
  };

  const seriesFor = (route: string, current: number): Series => {
    let series = routes.get(route);
    if (series) return series;
    const reserved = route === OTHER_ROUTES || route === UNMATCHED_ROUTE;
    if (!reserved && countedRoutes() >= routeCap) {
      prune(current);
      if (countedRoutes() >= routeCap) return seriesFor(OTHER_ROUTES, current);
    }
    series = new Array<Slot | undefined>(WINDOW).fill(undefined);
    routes.set(route, series);
    return series;
  };
  const countedRoutes = () => routes.size - (routes.has(OTHER_ROUTES) ? 1 : 0) - (routes.has(UNMATCHED_ROUTE) ? 1 : 0);

  const record = (route: string, status: number, ms: number) => {
    const current = minuteNow();
    const series = seriesFor(route, current);
    const index = current % WINDOW;
    let slot = series[index];
    if (!slot || slot.minute !== current) {
      if (slot) {
        slot.minute = current;
        slot.requests = slot.clientErrors = slot.serverErrors = slot.maxMs = 0;
        slot.histogram.fill(0);
      } else slot = series[index] = { minute: current, requests: 0, clientErrors: 0, serverErrors: 0, maxMs: 0, histogram: newHistogram() };
    }
    slot.requests++;
    if (status >= 500) slot.serverErrors++;
    else if (status >= 400) slot.clientErrors++;
    if (ms > slot.maxMs) slot.maxMs = ms;
    slot.histogram[bucketOf(ms)]!++;
  };

  const snapshot = (): RequestFigures => {
    const current = minuteNow();
    prune(current);
    const minutes = Array.from({ length: WINDOW }, (_, i) => ({ start: new Date((current - WINDOW + 1 + i) * MINUTE_MS).toISOString(), requests: 0, clientErrors: 0, serverErrors: 0 }));
    const all = { requests: 0, clientErrors: 0, serverErrors: 0, maxMs: 0, histogram: newHistogram() };
    const figures: RouteFigures[] = [];
    for (const [route, series] of routes) {
      const sum = { requests: 0, clientErrors: 0, serverErrors: 0, maxMs: 0, histogram: newHistogram() };
      for (const slot of series) {
        if (!isLive(slot, current)) continue;
        const minute = minutes[slot.minute - (current - WINDOW + 1)]!;
        minute.requests += slot.requests;
        minute.clientErrors += slot.clientErrors;
        minute.serverErrors += slot.serverErrors;
        sum.requests += slot.requests;
        sum.clientErrors += slot.clientErrors;
        sum.serverErrors += slot.serverErrors;
        sum.maxMs = Math.max(sum.maxMs, slot.maxMs);
        addInto(sum.histogram, slot.histogram);
      }
      if (sum.requests === 0) continue;
      all.requests += sum.requests;
      all.clientErrors += sum.clientErrors;
      all.serverErrors += sum.serverErrors;
      all.maxMs = Math.max(all.maxMs, sum.maxMs);
      addInto(all.histogram, sum.histogram);
      figures.push({ route, requests: sum.requests, clientErrors: sum.clientErrors, serverErrors: sum.serverErrors, ...percentiles(sum.histogram, sum.maxMs) });
    }
    figures.sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
    const { requests, clientErrors, serverErrors } = all;
    return { windowMinutes: WINDOW, minutes, totals: { requests, clientErrors, serverErrors, ...percentiles(all.histogram, all.maxMs) }, routes: figures, routeCap };
  };

  return { record, snapshot };
}

const percentiles = (histogram: Uint32Array, maxMs: number) => ({
  p50: percentileOf(histogram, 0.5, maxMs),
  p95: percentileOf(histogram, 0.95, maxMs),
  p99: percentileOf(histogram, 0.99, maxMs),
});
