import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { healthHistoryResponse } from "@/shared/health-history";
import { probeResults } from "../../db/schema/health";
import { loadEnv } from "../../env";
import { startServer, type RunningServer } from "../../start-server";
import { freePort } from "../../testing/free-port";
import { call } from "../../testing/http";
import { TEST_ORIGIN } from "../../testing/test-app";
import { openTestDatabase } from "../../testing/test-database";
import { testLogger } from "../../testing/test-log";
import { bucketMinutesFor } from "./health-history";
import { startProbeRecorder } from "./probe-recorder";
import { PROBE_RETENTION_MS, recordProbes } from "./record-probes";

// The recorder times this very server's health answer, so it runs against a listening one; the
// clock the rows are stamped with is the test's.
let server: RunningServer;
let healthUrl: string;
const T0 = new Date("2025-03-10T12:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  const env = loadEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", APP_URL: TEST_ORIGIN, DATA_DIR: mkdtempSync(join(tmpdir(), "whq-probes-")), SECRET_KEY: "e".repeat(64), LOG_LEVEL: "silent", PROBE_INTERVAL_MS: "0" });
  server = await startServer(env, testLogger("unit"), { database: await openTestDatabase() });
  healthUrl = `http://127.0.0.1:${server.port}/functions/v1/health`;
});
afterAll(async () => {
  await server?.stop();
  await server?.database.close().catch(() => undefined);
});
beforeEach(async () => void (await server.database.db.delete(probeResults)));

const history = async (hours: string) => call(server.app, "GET", `/functions/v1/health-history?hours=${hours}`);
const rows = () => server.database.db.select().from(probeResults).orderBy(probeResults.id);

describe("recording", () => {
  it("times the health answer and a database round trip, stamped with the clock", async () => {
    const result = await recordProbes({ database: server.database, healthUrl, now: () => T0 });
    expect(result.api.ok).toBe(true);
    expect(result.database.ok).toBe(true);
    const stored = await rows();
    expect(stored.map((r) => [r.probe, r.ok, r.checkedAt.toISOString()])).toEqual([
      ["api", true, T0.toISOString()],
      ["database", true, T0.toISOString()],
    ]);
    expect(stored.every((r) => typeof r.latencyMs === "number" && r.latencyMs >= 0)).toBe(true);
  });

  it("records a health answer that does not come as a failure without a latency", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/functions/v1/health`;
    const result = await recordProbes({ database: server.database, healthUrl: closed, now: () => T0 });
    expect(result.api).toEqual({ ok: false, latencyMs: null });
    expect((await rows()).find((r) => r.probe === "api")).toMatchObject({ ok: false, latencyMs: null });
  });

  it("prunes what is older than seven days", async () => {
    await recordProbes({ database: server.database, healthUrl, now: () => T0 });
    await recordProbes({ database: server.database, healthUrl, now: () => new Date(T0.getTime() + PROBE_RETENTION_MS - 60_000) });
    expect(await rows()).toHaveLength(4);
    await recordProbes({ database: server.database, healthUrl, now: () => new Date(T0.getTime() + PROBE_RETENTION_MS + 60_000) });
    const left = await rows();
    expect(left).toHaveLength(4);
    expect(left.every((r) => r.checkedAt.getTime() > T0.getTime())).toBe(true);
  });

  it("records at start and then on its interval, until stopped", async () => {
    const recorder = startProbeRecorder({ database: server.database, healthUrl, now: () => new Date(), intervalMs: 100, logger: testLogger("unit") });
    await new Promise((r) => setTimeout(r, 450));
    await recorder.stop();
    const count = (await rows()).length;
    expect(count).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 250));
    expect(await rows()).toHaveLength(count);
  });
});

describe("health-history", () => {
  it("buckets the last hours by five minutes: average and maximum of the answers that came, failures counted", async () => {
    const { db } = server.database;
    await db.insert(probeResults).values([
      { probe: "api", ok: true, latencyMs: 10, checkedAt: minutes(-12) },
      { probe: "api", ok: true, latencyMs: 30, checkedAt: minutes(-11) },
      { probe: "api", ok: false, latencyMs: null, checkedAt: minutes(-10.5) },
      { probe: "database", ok: true, latencyMs: 2, checkedAt: minutes(-11) },
      { probe: "api", ok: true, latencyMs: 20, checkedAt: minutes(-3) },
      // Outside the window, and a smoke test's scratch row: neither is shown.
      { probe: "api", ok: true, latencyMs: 999, checkedAt: minutes(-7 * 60) },
      { probe: "smoke", ok: true, latencyMs: 999, checkedAt: minutes(-3) },
    ]);
    server.services.clock.now = () => T0;
    const res = await history("6");
    expect(res.status).toBe(200);
    const body = healthHistoryResponse.parse(res.body);
    expect(body).toMatchObject({ ok: true, hours: 6, bucket_minutes: 5, to: T0.toISOString(), from: minutes(-360).toISOString() });
    expect(body.points).toEqual([
      { at: minutes(-15).toISOString(), probe: "api", avg_ms: 20, max_ms: 30, samples: 3, failures: 1 },
      { at: minutes(-15).toISOString(), probe: "database", avg_ms: 2, max_ms: 2, samples: 1, failures: 0 },
      { at: minutes(-5).toISOString(), probe: "api", avg_ms: 20, max_ms: 20, samples: 1, failures: 0 },
    ]);
  });

  it("keeps the answer small: wider buckets past twelve hours", async () => {
    expect([1, 6, 12, 13, 24, 48].map(bucketMinutesFor)).toEqual([5, 5, 5, 10, 10, 20]);
    const { db } = server.database;
    // A sample every minute for 48 hours, in one statement.
    await db.execute(sql`insert into probe_results (probe, ok, latency_ms, checked_at) select 'api', true, 5, ${T0.toISOString()}::timestamptz - make_interval(mins => g) from generate_series(0, 48 * 60 - 1) g`);
    server.services.clock.now = () => T0;
    const body = healthHistoryResponse.parse((await history("48")).body);
    expect(body.bucket_minutes).toBe(20);
    expect(body.points.length).toBeLessThanOrEqual(145);
    expect(body.points.reduce((n, p) => n + p.samples, 0)).toBe(48 * 60);
  });

  it("answers 400 to hours outside 1 to 48 or not a whole number", async () => {
    for (const bad of ["0", "49", "abc", "2.5", "-1"]) {
      const res = await history(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: "bad_request" });
    }
    expect((await call(server.app, "GET", "/functions/v1/health-history")).status).toBe(200);
  });
});
