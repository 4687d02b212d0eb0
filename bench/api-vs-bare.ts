// npx tsx bench/api-vs-bare.ts: the authenticated, org-scoped task list against a bare Hono route
// running the same verb (same SQL, no middleware, no session, no membership), on PostgreSQL, with
// the session cache off (SESSION_CACHE=0) and on. The server runs in a process of its own and the
// load comes from autocannon in another. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a
// throwaway database is created there and dropped). BENCH_SECONDS (5) per round, BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (16), BENCH_TASKS (1000), BENCH_CACHE ("0,1"), BENCH_CPU_PROF (a directory: the server's CPU profile).
// Prints figures; not a test.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { taskListQuery } from "../src/shared/work";
import { createApp } from "../src/server/app";
import { openPostgres } from "../src/server/db/client";
import { loadEnv } from "../src/server/env";
import { parseWith } from "../src/server/lib/parse";
import { listTasks } from "../src/server/modules/tasks/list-tasks";
import { createServices } from "../src/server/services";
import { TEST_ORIGIN } from "../src/server/testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser } from "../src/server/testing/work-fixtures";
import { withThrowawayDatabaseUrl } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const CACHES = (process.env.BENCH_CACHE ?? "0,1").split(",") as ("0" | "1")[];
/** A directory: the server process writes a V8 CPU profile there (`--cpu-prof`) for the flame graph. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const QUERY = "?tz=Europe%2FBerlin&view=all&limit=50";
const SECRET_KEY = randomBytes(32).toString("hex");
const self = fileURLToPath(import.meta.url);
const autocannon = fileURLToPath(new URL("../node_modules/autocannon/autocannon.js", import.meta.url));

type Served = { app: number; bare: number; cookie: string; orgId: string };

const listenOn = (fetch: (req: Request) => Response | Promise<Response>) =>
  new Promise<{ server: ServerType; port: number }>((resolve) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });

/** The child: the real app and the bare route on one database handle, seeded with one org of TASKS tasks. */
async function serveBoth() {
  const url = process.env.BENCH_DB!;
  const env = loadEnv({ NODE_ENV: "production", APP_URL: TEST_ORIGIN, DATABASE_URL: url, SECRET_KEY, MAIL_OUTBOX: "1", LOG_LEVEL: "silent", LIMIT_WRITES_PER_MINUTE: "1000000", DATA_DIR: mkdtempSync(join(tmpdir(), "whq-bench-")), SESSION_CACHE: process.env.SESSION_CACHE ?? "1" });
  const database = await openPostgres(url, 10, { connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS });
  const services = createServices(env, database);
  const app = createApp(services, { webDir: join(tmpdir(), "whq-bench-no-web") });
  const user = await orgUser(app, database.db, `bench-${env.SESSION_CACHE}`);
  const projectId = await createProjectVia(user, await createPlaneVia(user, "Bench"), "Bench");
  for (let i = 0; i < TASKS; i++) await createTaskVia(user, projectId, `Task ${i}`);
  const scope = { orgId: user.orgId, userId: user.id, role: "owner", isOwner: true, requiresTwoFactor: false };
  const bare = new Hono().get("/tasks", async (c) => c.json(await listTasks({ db: database.db, scope, now: () => new Date() }, parseWith(taskListQuery, c.req.query()))));
  const [appServer, bareServer] = await Promise.all([listenOn(app.fetch), listenOn(bare.fetch)]);
  const served: Served = { app: appServer.port, bare: bareServer.port, cookie: user.cookie, orgId: user.orgId };
  console.log(JSON.stringify(served));
  process.on("SIGTERM", () => {
    appServer.server.close();
    bareServer.server.close();
    void services.sessionCache.close().then(() => services.mailer.close()).then(() => database.close()).finally(() => process.exit(0));
  });
}

/** Runs autocannon in a process of its own; resolves with its JSON summary. */
function load(url: string, headers: Record<string, string>, seconds: number): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const args = [autocannon, "-j", "-c", String(CONNECTIONS), "-d", String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", () => {
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (error) {
        reject(new Error(`autocannon: ${String(error)} ${out.slice(0, 200)}`));
      }
    });
  });
}

async function startServer(dbUrl: string, cache: "0" | "1") {
  const child = spawn(process.execPath, [...(CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", CPU_PROF] : []), "--import", "tsx", self, "serve"], { env: { ...process.env, BENCH_DB: dbUrl, SESSION_CACHE: cache }, stdio: ["ignore", "pipe", "inherit"] });
  const [line] = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next().then((r) => [r.value as string]);
  const served = JSON.parse(line!) as Served;
  const stopped = new Promise((resolve) => child.on("exit", resolve));
  return { served, stop: async () => void (child.kill("SIGTERM"), await stopped) };
}

async function benchCache(dbUrl: string, cache: "0" | "1") {
  const { served, stop } = await startServer(dbUrl, cache);
  try {
    const bareUrl = `http://127.0.0.1:${served.bare}/tasks${QUERY}`;
    const appUrl = `http://127.0.0.1:${served.app}/api/v1/organisations/${served.orgId}/tasks${QUERY}`;
    const cookie = { cookie: served.cookie };
    const [bareBody, appBody] = await Promise.all([fetch(bareUrl).then((r) => r.text()), fetch(appUrl, { headers: cookie }).then((r) => r.text())]);
    if (bareBody !== appBody || !appBody.includes('"title":"Task ')) {
      const at = [...bareBody].findIndex((ch, i) => ch !== appBody[i]);
      throw new Error(`bodies differ at ${at}: ${bareBody.slice(at - 100, at + 200)} vs ${appBody.slice(at - 100, at + 200)}`);
    }
    await load(bareUrl, {}, 2);
    await load(appUrl, cookie, 2);
    const totals = { bare: 0, app: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const b = await load(bareUrl, {}, SECONDS);
      const a = await load(appUrl, cookie, SECONDS);
      if (a.non2xx + b.non2xx > 0) throw new Error(`non-2xx answers: app ${a.non2xx}, bare ${b.non2xx}`);
      totals.bare += b.rps;
      totals.app += a.rps;
      console.log(`  SESSION_CACHE=${cache} round ${round + 1}: bare ${b.rps.toFixed(0)} req/s (p50 ${b.p50} ms, p99 ${b.p99} ms), app ${a.rps.toFixed(0)} req/s (p50 ${a.p50} ms, p99 ${a.p99} ms)`);
    }
    return { bare: totals.bare / ROUNDS, app: totals.app / ROUNDS };
  } finally {
    await stop();
  }
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
  await withThrowawayDatabaseUrl(serverUrl, async (url) => {
    console.log(`GET /api/v1/organisations/:orgId/tasks (${TASKS} tasks) vs a bare route running listTasks; ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s each, PostgreSQL ${new URL(url).host}`);
    const results: Record<string, { bare: number; app: number }> = {};
    for (const cache of CACHES) results[cache === "1" ? "on" : "off"] = await benchCache(url, cache);
    console.log(`\n${"".padEnd(18)}${"bare req/s".padStart(12)}${"app req/s".padStart(12)}${"app/bare".padStart(10)}`);
    for (const [label, r] of Object.entries(results)) console.log(`${`cache ${label}`.padEnd(18)}${r.bare.toFixed(0).padStart(12)}${r.app.toFixed(0).padStart(12)}${(r.app / r.bare).toFixed(2).padStart(10)}`);
  });
}

if (process.argv[2] === "serve") {
  serveBoth().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
