import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./lib/logger";
import { call } from "./testing/http";
import { openProxiedDatabase, type TcpProxy } from "./testing/tcp-proxy";
import { createTestApp, type TestApp } from "./testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "./testing/work-fixtures";
import type { Database } from "./db/client";

// A database that stops answering without going away: the network stalls (every byte held), or
// connections die silently (every byte dropped, nothing reset). Neither may hang a request.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 1_000;
// The bound a request may take while the database is away: the longer of the two waits, the
// client's margin over the server's statement_timeout (500 ms), and a little for the test's own work.
const ANSWER_WITHIN_MS = Math.max(CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS) + 500 + 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onServer)("when PostgreSQL stalls or its connections die silently", () => {
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;
  let owner: OrgUser;
  const lines: { msg: string }[] = [];
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on("unhandledRejection", record);
    const logger = createLogger("info", (line) => lines.push(JSON.parse(line) as { msg: string }));
    ({ proxy, database } = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 10, connectTimeoutMs: CONNECT_TIMEOUT_MS, queryTimeoutMs: QUERY_TIMEOUT_MS, logger }));
    t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" }, database);
    owner = await orgUser(t.app, database.db, "stall");
    const project = await createProjectVia(owner, await createPlaneVia(owner, "Stall"), "Stall");
    await createTaskVia(owner, project, "one task");
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    process.off("unhandledRejection", record);
    await (t ? t.close() : database?.close());
  });

  const listTasks = async () => {
    const started = Date.now();
    const res = await owner.api("GET", "/tasks");
    return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.get("retry-after") };
  };
  const outageLines = () => lines.filter((l) => l.msg === "database unavailable" || l.msg === "database reachable again").map((l) => l.msg);
  /** Ten requests at once, as a busy instance has them: every connection of the pool in use. */
  const tenAtOnce = () => Promise.all(Array.from({ length: 10 }, listTasks));
  const untilHealthy = async (withinMs: number) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const results = await tenAtOnce();
      if (results.every((r) => r.status === 200)) return;
      if (Date.now() > deadline) throw new Error(`still failing after ${withinMs} ms: ${JSON.stringify(results.map((r) => r.status))}`);
      await sleep(200);
    }
  };

  it("answers 503 with Retry-After within the bound during a stall, never hangs, and recovers when it ends", async () => {
    await untilHealthy(5_000);
    lines.length = 0;
    proxy.pause();
    const during = await tenAtOnce();
    expect(during.map((r) => r.status)).toEqual(Array(10).fill(503));
    expect(during.every((r) => r.retryAfter !== null)).toBe(true);
    expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(ANSWER_WITHIN_MS);
    // Health says so too, as fast.
    const health = await call(t.app, "GET", "/functions/v1/health");
    expect(health.status).toBe(503);
    proxy.restore();
    await untilHealthy(5_000);
    expect(outageLines()).toEqual(["database unavailable", "database reachable again"]);
    expect(unhandled).toEqual([]);
  });

  it("replaces connections that died silently: three blackholes in a row, then healthy again by itself", async () => {
    for (let cut = 1; cut <= 3; cut++) {
      await untilHealthy(5_000);
      lines.length = 0;
      // Every open connection drops every byte from now on; the pool still holds them.
      proxy.blackhole();
      const during = await tenAtOnce();
      expect(during.map((r) => r.status)).toEqual(Array(10).fill(503));
      expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(ANSWER_WITHIN_MS);
      // PostgreSQL answers again for new connections; the dead ones must not be handed out again.
      proxy.restore();
      await untilHealthy(5_000);
      expect(outageLines()).toEqual(["database unavailable", "database reachable again"]);
    }
    const pool = (database.db as unknown as { $client: { totalCount: number; waitingCount: number } }).$client;
    expect(pool.totalCount).toBeLessThanOrEqual(10);
    expect(pool.waitingCount).toBe(0);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
