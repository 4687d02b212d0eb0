import { inArray, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthResponse } from "@/shared/functions";
import { openPostgres, type Database } from "./db/client";
import { tasks } from "./db/schema";
import { isDatabaseUnavailable } from "./lib/database-errors";
import { call } from "./testing/http";
import { openStream, type SseEvent, type SseStream } from "./testing/sse-stream";
import { openProxiedDatabase, type TcpProxy } from "./testing/tcp-proxy";
import { createTestApp, type TestApp } from "./testing/test-app";
import { createPlaneVia, createProjectVia, orgUser, type OrgUser } from "./testing/work-fixtures";

// The app reaches PostgreSQL only through a TCP proxy of the test's own; cutting it is a database
// restart as the app sees it: every connection reset, new ones refused until it is restored.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CONNECT_TIMEOUT_MS = 1_000;
const CUT_MS = 2_500;

describe.runIf(onServer)("when PostgreSQL goes away under load", () => {
  let direct: Database;
  let proxy: TcpProxy;
  let viaProxy: Database;
  let t: TestApp;
  let writers: OrgUser[];
  let projects: string[];
  // A crash would be an 'error' event nobody listened to: it arrives here instead of ending the worker.
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
    const outage = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 10, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    ({ proxy, database: viaProxy } = outage);
    direct = await openPostgres(outage.directUrl, 5);
    t = await createTestApp({ STREAM_ACCESS_CHECK_MS: "200", LIMIT_WRITES_PER_MINUTE: "100000", LIMIT_STREAMS_PER_USER: "20" }, viaProxy);
    writers = await Promise.all([0, 1, 2, 3].map((i) => orgUser(t.app, viaProxy.db, `outage-${i}`)));
    projects = await Promise.all(writers.map(async (w) => createProjectVia(w, await createPlaneVia(w, "Outage"), "Outage")));
  });
  afterAll(async () => {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
    await direct?.close();
    // The app's services, then the proxied database: dropped, and the proxy closed.
    await (t ? t.close() : viaProxy?.close());
  });

  const health = async () => {
    const res = await call(t.app, "GET", "/functions/v1/health");
    return { status: res.status, body: res.body as HealthResponse };
  };
  const isReconnected = (e: SseEvent) => e.event === "resync" && e.data === JSON.stringify({ reason: "reconnected" });
  const isChangeTo = (id: string) => (e: SseEvent) => e.event === "change" && (JSON.parse(e.data) as { id: string }).id === id;
  /** A write right after the restore may still meet the outage's tail: try until one is acknowledged. */
  const createTaskSoon = async (u: OrgUser, projectId: string, title: string) => {
    for (let i = 0; ; i++) {
      const res = await u.api("POST", "/tasks", { project_id: projectId, title });
      if (res.status === 201) return (res.body as { task: { id: string } }).task.id;
      if (res.status !== 503 || i > 50) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
      await sleep(100);
    }
  };

  it("survives two cuts: every acknowledged write is kept, failures are 503 with Retry-After, streams resync and go on", async () => {
    const streams: SseStream[] = [];
    const early = await openStream(t.app, writers[0]!.orgId, writers[0]!.cookie);
    streams.push(early);
    expect(early.status).toBe(200);
    await early.waitFor((e) => e.event === "ready");

    type Outcome = { title: string; status: number; retryAfter: string | null; code?: string };
    const outcomes: Outcome[] = [];
    let loading = true;
    const load = writers.map(async (w, i) => {
      for (let n = 0; loading; n++) {
        const title = `load ${i}-${n}`;
        const res = await w.api("POST", "/tasks", { project_id: projects[i], title });
        const code = (res.body as { error?: { code?: string } } | null)?.error?.code;
        outcomes.push({ title, status: res.status, retryAfter: res.headers.get("retry-after"), code });
        await sleep(res.status === 503 ? 50 : 5);
      }
    });

    for (const round of [1, 2]) {
      await sleep(400);
      const resyncsBefore = early.events.filter(isReconnected).length;
      proxy.cut();
      await sleep(CUT_MS / 2);
      const during = await health();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ ok: false, db: false });
      expect(during.body.parts.database.ok).toBe(false);
      expect(Date.parse(during.body.parts.database.since!)).toBeLessThanOrEqual(Date.now());
      await sleep(CUT_MS / 2);
      proxy.restore();

      // The stream opened before the cut stayed open, and hears that it may have missed changes...
      const deadline = Date.now() + 15_000;
      while (early.events.filter(isReconnected).length === resyncsBefore) {
        expect(early.isEnded(), JSON.stringify(early.events.slice(-3))).toBe(false);
        if (Date.now() > deadline) throw new Error(`no resync after cut ${round}: ${JSON.stringify(early.events.slice(-5))}`);
        await sleep(50);
      }
      // ...and then hears the changes made after it.
      const after = await createTaskSoon(writers[0]!, projects[0]!, `after cut ${round}`);
      await early.waitFor(isChangeTo(after), 10_000);
    }
    loading = false;
    await Promise.all(load);

    // A new stream works, and health is back for both parts.
    const late = await openStream(t.app, writers[1]!.orgId, writers[1]!.cookie);
    streams.push(late);
    expect(late.status).toBe(200);
    await late.waitFor((e) => e.event === "ready");
    const lateTask = await createTaskSoon(writers[1]!, projects[1]!, "after both cuts");
    await late.waitFor(isChangeTo(lateTask));
    const healed = await health();
    expect(healed.status).toBe(200);
    expect(healed.body).toMatchObject({ ok: true, db: true, parts: { database: { ok: true }, listener: { ok: true } } });

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.title);
    const failed = outcomes.filter((o) => o.status !== 201);
    // Every failure was the outage's 503, with the error envelope and a time to come back.
    expect(failed.filter((o) => o.status !== 503)).toEqual([]);
    expect(failed.every((o) => o.retryAfter !== null && o.code === "unavailable")).toBe(true);
    expect(failed.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(20);
    // Every write that was acknowledged is there, read past the proxy.
    const stored = await direct.db.select({ title: tasks.title }).from(tasks).where(inArray(tasks.title, acknowledged));
    expect(new Set(stored.map((r) => r.title)).size).toBe(acknowledged.length);

    for (const s of streams) await s.close();
    expect(unhandled).toEqual([]);
  }, 90_000);

  it("rejects a transaction whose connection is cut between two statements, and the pool works after", async () => {
    const pool = (viaProxy.db as unknown as { $client: pg.Pool }).$client;
    const cutMidway = viaProxy.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.cut();
      // The reset arrives while no statement runs: the moment that used to end the process.
      await sleep(300);
      await tx.execute(sql`select 2`);
    });
    await expect(cutMidway).rejects.toSatisfy(isDatabaseUnavailable);
    // One begun during the cut fails as fast, with the same kind of error.
    const started = Date.now();
    await expect(viaProxy.db.transaction(async (tx) => tx.execute(sql`select 3`))).rejects.toSatisfy(isDatabaseUnavailable);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    proxy.restore();

    // More transactions at once than the pool has connections: a client kept by a failed one would starve them.
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => viaProxy.db.transaction(async (tx) => (await tx.execute(sql`select ${i}::int as n`), i))));
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(pool.totalCount).toBeLessThanOrEqual(10);
    expect(pool.waitingCount).toBe(0);
    expect(unhandled).toEqual([]);
  });
});
