import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_SLOW_MS } from "@/shared/functions";
import { call } from "../testing/http";
import { openProxiedDatabase, type TcpProxy } from "../testing/tcp-proxy";
import { createTestApp, type TestApp } from "../testing/test-app";

// /status probes what it names: an n8n that is configured but does not answer is not "Configured",
// and a database that answers in 1.5 s is not "Online" (the page reads these answers).
const SECRET = "ab".repeat(32);

describe("agent-ready with a configured n8n that does not answer", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let t: TestApp;
  beforeAll(async () => {
    // Accepts the connection and never says a word: an n8n that hangs.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    t = await createTestApp({ N8N_BASE: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, N8N_AGENT_SECRET: SECRET, OUTBOUND_TIMEOUT_MS: "400" });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await t?.close();
  });

  it("says configured but not reachable, with no latency, within the check's time", async () => {
    const started = Date.now();
    const res = await call(t.app, "GET", "/functions/v1/agent-ready");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.body).toMatchObject({ ok: true, n8n_base_set: true, hmac_set: true, n8n_reachable: false, n8n_latency_ms: null, timestamp: expect.any(String) });
  });
});

describe("agent-ready without n8n", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("asks nothing and says so", async () => {
    expect((await call(t.app, "GET", "/functions/v1/agent-ready")).body).toMatchObject({ ok: false, n8n_base_set: false, n8n_reachable: null, n8n_latency_ms: null });
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("health with a slow database", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const proxied = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 4, connectTimeoutMs: 5_000, queryTimeoutMs: 10_000 });
    proxy = proxied.proxy;
    t = await createTestApp({}, proxied.database);
  });
  afterAll(async () => t?.close());

  it("calls a database answering in 1.5 s slow, and a quick one not", async () => {
    const quick = await call(t.app, "GET", "/functions/v1/health");
    expect(quick.body).toMatchObject({ ok: true, db: true, db_slow: false });
    proxy.pause();
    const answer = call(t.app, "GET", "/functions/v1/health");
    await new Promise((r) => setTimeout(r, DB_SLOW_MS + 500));
    proxy.restore();
    const slow = await answer;
    expect(slow.status).toBe(200);
    expect(slow.body).toMatchObject({ db: true, db_slow: true, db_latency_ms: expect.any(Number) });
    expect((slow.body as { db_latency_ms: number }).db_latency_ms).toBeGreaterThan(DB_SLOW_MS);
  });
});
