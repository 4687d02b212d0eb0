import { describe, expect, it } from "vitest";
import { bucketOf, upperBoundOf } from "./latency-histogram";
import { createRequestMetrics, OTHER_ROUTES, UNMATCHED_ROUTE } from "./request-metrics";

const MINUTE = 60_000;
const START = Date.UTC(2025, 0, 1, 12, 0, 0);

function withClock(routeCap?: number) {
  const clock = { at: START };
  return { clock, metrics: createRequestMetrics({ now: () => clock.at, routeCap }) };
}

describe("request metrics", () => {
  it("counts requests, 4xx and 5xx per minute, the current minute last", () => {
    const { clock, metrics } = withClock();
    metrics.record("GET /api/v1/organisations", 200, 5);
    metrics.record("GET /api/v1/organisations", 404, 5);
    clock.at += 2 * MINUTE;
    metrics.record("GET /api/v1/organisations", 503, 5);
    metrics.record("POST /api/v1/organisations/:orgId/tasks", 201, 5);
    const snap = metrics.snapshot();
    expect(snap.minutes).toHaveLength(60);
    expect(snap.minutes.at(-1)).toMatchObject({ start: new Date(START + 2 * MINUTE).toISOString(), requests: 2, clientErrors: 0, serverErrors: 1 });
    expect(snap.minutes.at(-3)).toMatchObject({ start: new Date(START).toISOString(), requests: 2, clientErrors: 1, serverErrors: 0 });
    expect(snap.minutes.at(-2)!.requests).toBe(0);
    expect(snap.totals).toMatchObject({ requests: 4, clientErrors: 1, serverErrors: 1 });
    expect(snap.routes.map((r) => [r.route, r.requests])).toEqual([
      ["GET /api/v1/organisations", 3],
      ["POST /api/v1/organisations/:orgId/tasks", 1],
    ]);
  });

  it("forgets a minute once it is an hour old, also when its slot is reused", () => {
    const { clock, metrics } = withClock();
    metrics.record("GET /a", 500, 1);
    clock.at += 59 * MINUTE;
    expect(metrics.snapshot().totals.serverErrors).toBe(1);
    clock.at += MINUTE;
    expect(metrics.snapshot().totals.requests).toBe(0);
    expect(metrics.snapshot().routes).toEqual([]);
    metrics.record("GET /a", 200, 1); // the same slot as the first minute
    expect(metrics.snapshot().totals).toMatchObject({ requests: 1, serverErrors: 0 });
  });

  it("gives percentiles within one bucket of the truth, never above the slowest request", () => {
    const { metrics } = withClock();
    for (let ms = 1; ms <= 100; ms++) metrics.record("GET /b", 200, ms);
    const route = metrics.snapshot().routes[0]!;
    for (const [got, truth] of [[route.p50, 50], [route.p95, 95], [route.p99, 99]] as const) {
      expect(got).toBeGreaterThanOrEqual(truth);
      expect(got!).toBeLessThanOrEqual(truth * 1.19 + 0.01);
    }
    expect(route.p99).toBeLessThanOrEqual(100);
    const slowest = createRequestMetrics();
    slowest.record("GET /c", 200, 60_000);
    expect(slowest.snapshot().routes[0]!.p50).toBe(60_000);
  });

  it("has no percentiles for no requests", () => {
    expect(withClock().metrics.snapshot().totals).toMatchObject({ requests: 0, p50: null, p95: null, p99: null });
  });

  it("keeps at most routeCap routes; the rest count under 'other', and an idle route gives its place up", () => {
    const { clock, metrics } = withClock(3);
    for (let i = 0; i < 10; i++) metrics.record(`GET /r${i}`, 200, 1);
    metrics.record(UNMATCHED_ROUTE, 404, 1);
    let snap = metrics.snapshot();
    expect(snap.routes.map((r) => r.route).sort()).toEqual(["GET /r0", "GET /r1", "GET /r2", OTHER_ROUTES, UNMATCHED_ROUTE].sort());
    expect(snap.routes.find((r) => r.route === OTHER_ROUTES)!.requests).toBe(7);
    expect(snap.totals.requests).toBe(11);
    clock.at += 30 * MINUTE;
    metrics.record("GET /r0", 200, 1);
    clock.at += 31 * MINUTE; // r1 and r2 idle for the whole window now
    metrics.record("GET /new", 200, 1);
    snap = metrics.snapshot();
    expect(snap.routes.map((r) => r.route).sort()).toEqual(["GET /new", "GET /r0"]);
  });

  it("buckets latencies on a quarter-octave scale", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.25)).toBe(0);
    expect(bucketOf(1)).toBe(8);
    expect(upperBoundOf(bucketOf(10))).toBeGreaterThanOrEqual(10);
    expect(upperBoundOf(bucketOf(10) - 1)).toBeLessThan(10);
    expect(bucketOf(1e9)).toBe(63);
    expect(bucketOf(Number.NaN)).toBe(0);
  });
});
