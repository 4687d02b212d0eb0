import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "./env";
import { createLogger } from "./lib/logger";
import { listenFailure, startServer, StartupError, type RunningServer } from "./start-server";
import { openProxiedDatabase } from "./testing/tcp-proxy";
import { TEST_ORIGIN } from "./testing/test-app";
import { openTestDatabase, type TestDatabase } from "./testing/test-database";
import { orgUser } from "./testing/work-fixtures";

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const running: RunningServer[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await Promise.all(databases.map((d) => d.close().catch(() => undefined)));
});

const testEnv = (overrides: Record<string, string> = {}) =>
  loadEnv({ PORT: "0", HOST: "127.0.0.1", APP_URL: TEST_ORIGIN, DATA_DIR: mkdtempSync(join(tmpdir(), "whq-stop-")), SECRET_KEY: "c".repeat(64), LOG_LEVEL: "silent", ...overrides });

/** An event stream over a real socket, as a browser holds it; collects its text. */
async function openHttpStream(port: number, path: string, cookie: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie, accept: "text/event-stream" } });
  const reader = res.body!.getReader();
  const state = { text: "", ended: false };
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => undefined);
      if (!chunk || chunk.done) return void (state.ended = true);
      state.text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  for (let i = 0; i < 100 && !state.text.includes("event: ready"); i++) await new Promise((r) => setTimeout(r, 20));
  expect(state.text).toContain("event: ready");
  return state;
}

const occupiedPort = () =>
  new Promise<Server>((resolve) => {
    const holder = createServer();
    holder.listen(0, "127.0.0.1", () => resolve(holder));
  });
const portOf = (s: Server) => (s.address() as { port: number }).port;

describe("graceful shutdown", () => {
  it("finishes a request that is in flight, then refuses new ones and closes the database", async () => {
    const server = await startServer(testEnv(), createLogger("silent"), { database: await openTestDatabase() });
    running.push(server);
    const { port } = server;

    // A request whose body is still arriving when the stop begins.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/functions/v1/health", headers: { "content-type": "application/json", "content-length": "2" } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write("{");
      setTimeout(() => req.end("}"), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = server.stop();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, db: true });
    await stopped;
    await expect(fetch(`http://127.0.0.1:${port}/functions/v1/health`)).rejects.toThrow();
    await expect(server.database.db.execute("select 1")).rejects.toThrow();
  });

  it("ends open event streams first, so the stop is prompt, and closes the database", async () => {
    const server = await startServer(testEnv(), createLogger("silent"), { database: await openTestDatabase() });
    running.push(server);
    const u = await orgUser(server.app, server.database.db, "stop-stream");
    const stream = await openHttpStream(server.port, `${u.base}/events`, u.cookie);

    const started = Date.now();
    await server.stop();
    // It used to run into the 10 s forced exit whenever a stream was open.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stream.text).toContain(`event: end\ndata: ${JSON.stringify({ reason: "unavailable" })}`);
    for (let i = 0; i < 50 && !stream.ended; i++) await new Promise((r) => setTimeout(r, 20));
    expect(stream.ended).toBe(true);
    await expect(server.database.db.execute("select 1")).rejects.toThrow();
  });

  it.runIf(onServer)("still ends well inside 10 s while the database is down", async () => {
    // The server's stop closes the database (dropping it and closing the proxy); afterAll does if it never started.
    const { database, proxy } = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { connectTimeoutMs: 1_000 });
    databases.push(database);
    const server = await startServer(testEnv(), createLogger("silent"), { database });
    running.push(server);
    const u = await orgUser(server.app, server.database.db, "stop-down");
    const stream = await openHttpStream(server.port, `${u.base}/events`, u.cookie);
    // A request waiting for a connection when the stop begins.
    proxy.cut();
    const waiting = fetch(`http://127.0.0.1:${server.port}/api/v1/organisations`, { headers: { cookie: u.cookie } });
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(stream.text).toContain("event: end");
    expect((await waiting).status).toBe(503);
  });
});

describe("a port already in use", () => {
  it("is one line naming the port, not a stack", () => {
    const error = listenFailure(Object.assign(new Error("listen EADDRINUSE: address already in use 127.0.0.1:3000"), { code: "EADDRINUSE" }), { PORT: 3000, HOST: "127.0.0.1" });
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toMatch(/^port 3000 is in use/);
    expect(error.message).not.toContain("\n");
  });

  // On PGlite the server would have to initdb a data directory of its own (seconds), so there it
  // is handed the test's database and only the message is checked.
  it("makes startServer fail with that line and let go of the database it opened", async () => {
    const holder = await occupiedPort();
    try {
      const database = await openTestDatabase();
      databases.push(database);
      // The server's own connections carry a name of their own, so they can be counted afterwards.
      const serverUrl = database.url ? `${database.url}?application_name=whq_port_in_use` : undefined;
      const env = testEnv({ PORT: String(portOf(holder)), ...(serverUrl ? { DATABASE_URL: serverUrl } : {}) });
      await expect(startServer(env, createLogger("silent"), serverUrl ? {} : { database })).rejects.toThrow(`port ${portOf(holder)} is in use`);
      if (serverUrl) {
        const left = await database.db.execute("select count(*)::int as n from pg_stat_activity where application_name = 'whq_port_in_use'");
        expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      }
    } finally {
      holder.close();
    }
  });

  // The whole process, as an operator starts it; on the server only, where start-up takes no initdb.
  it.runIf(onServer)("ends `node src/server/index.ts` with exit code 1 and that one line", async () => {
    const holder = await occupiedPort();
    try {
      const database = await openTestDatabase();
      databases.push(database);
      const env = { ...process.env, PORT: String(portOf(holder)), HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "whq-port-")), LOG_LEVEL: "silent", SECRET_KEY: "d".repeat(64), DATABASE_URL: database.url };
      const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], { env, cwd: process.cwd() });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([`Start-up failed: port ${portOf(holder)} is in use (set PORT to use another)`]);
    } finally {
      holder.close();
    }
  }, 60_000);
});
