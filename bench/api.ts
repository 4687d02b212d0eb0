// npm run bench: what the full app (middleware chain, session lookup) costs on top of a bare
// Hono route running the same query on the same Database handle. Prints figures; not a test.
// Embedded PGlite always; a throwaway database on DATABASE_URL's server when that is set.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { pingDatabase, type Database } from "../src/server/db/client";
import { devOutbox } from "../src/server/db/schema";
import { loadEnv } from "../src/server/env";
import { listMemberships } from "../src/server/modules/organisations/list-memberships";
import { createServices } from "../src/server/services";
import { quantile, withEmbedded, withThrowawayPostgres } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 16;
const WARMUP = 200;
const APP_URL = "http://127.0.0.1:3999"; // only ever sent as Origin; links are followed on the real port
const PASSWORD = "lantern-orbit-5521";

type Stats = { rps: number; p50: number; p95: number; requests: number };
type Target = { port: number; path: string; headers?: Record<string, string> };

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

function stop(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

function get(agent: http.Agent, t: Target): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: t.port, path: t.path, headers: t.headers, agent }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${t.path}: HTTP ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

/** CONCURRENCY loops on keep-alive sockets: WARMUP requests, then as many as fit in SECONDS. */
async function load(t: Target): Promise<Stats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    let warm = WARMUP;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (warm-- > 0) await get(agent, t); }));
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await get(agent, t);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / elapsed, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), requests: latencies.length };
  } finally {
    agent.destroy();
  }
}

/** The real journey: sign up, follow the link from the outbox, sign in, bootstrap an org. */
async function seed(base: string, database: Database): Promise<{ userId: string; cookie: string }> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.test`;
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(base + path, { method: "POST", headers: { origin: APP_URL, "content-type": "application/json", cookie }, body: JSON.stringify(body) });
  const signUp = await post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Bench", callbackURL: "/" });
  if (signUp.status !== 200) throw new Error(`sign-up: HTTP ${signUp.status} ${await signUp.text()}`);
  const [mail] = await database.db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(desc(devOutbox.createdAt)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no verification link in dev_outbox");
  const { pathname, search } = new URL(link);
  const verify = await fetch(base + pathname + search, { redirect: "manual" });
  if (verify.status !== 302) throw new Error(`verify: HTTP ${verify.status}`);
  const signIn = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in: HTTP ${signIn.status} ${await signIn.text()}`);
  const userId = ((await signIn.json()) as { user: { id: string } }).user.id;
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const org = await post("/functions/v1/org-bootstrap", { user_id: userId, org_name: "Bench Org" }, cookie);
  if (org.status !== 200) throw new Error(`org-bootstrap: HTTP ${org.status} ${await org.text()}`);
  return { userId, cookie };
}

async function benchOne(label: string, database: Database, databaseUrl?: string) {
  const env = loadEnv({
    NODE_ENV: "production",
    APP_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), "whq-bench-env-")),
    SECRET_KEY: randomBytes(32).toString("hex"),
    MAIL_OUTBOX: "1",
    LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = createApp(createServices(env, database), { webDir: join(tmpdir(), "whq-bench-no-web") });
  const appServer = await listen(app.fetch);
  let bareServer: { server: ServerType; port: number } | undefined;
  try {
    const { userId, cookie } = await seed(`http://127.0.0.1:${appServer.port}`, database);
    const bare = new Hono()
      .get("/health", async (c) => { await pingDatabase(database.db); return c.json({ ok: true }); })
      .get("/memberships", async (c) => c.json({ memberships: await listMemberships(database.db, userId) }));
    bareServer = await listen(bare.fetch);

    // Same answer from both sides, so the comparison is like for like.
    const appBody = await (await fetch(`http://127.0.0.1:${appServer.port}/api/v1/organisations`, { headers: { cookie } })).text();
    const bareBody = await (await fetch(`http://127.0.0.1:${bareServer.port}/memberships`)).text();
    if (appBody !== bareBody || !appBody.includes("Bench Org")) throw new Error(`bodies differ: ${appBody} vs ${bareBody}`);

    const pairs: [string, Target, string, Target][] = [
      ["GET /functions/v1/health (app)", { port: appServer.port, path: "/functions/v1/health" }, "select 1 (bare)", { port: bareServer.port, path: "/health" }],
      ["GET /api/v1/organisations (app)", { port: appServer.port, path: "/api/v1/organisations", headers: { cookie } }, "memberships query (bare)", { port: bareServer.port, path: "/memberships" }],
    ];
    const row = (name: string, s: Stats) =>
      `${name.padEnd(34)}${s.rps.toFixed(0).padStart(9)}${s.p50.toFixed(2).padStart(9)}${s.p95.toFixed(2).padStart(9)}${String(s.requests).padStart(10)}`;
    console.log(`\n${label}: ${CONCURRENCY} in flight, ${WARMUP} warm-up, ${SECONDS} s per target, keep-alive, 127.0.0.1`);
    console.log(`${"target".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"requests".padStart(10)}`);
    for (const [appName, appTarget, bareName, bareTarget] of pairs) {
      const a = await load(appTarget);
      const b = await load(bareTarget);
      console.log(row(appName, a));
      console.log(row(bareName, b));
      console.log(`${"  overhead app/bare".padEnd(34)}${`rps x${(a.rps / b.rps).toFixed(2)}`.padStart(18)}   p50 x${(a.p50 / b.p50).toFixed(2)}`);
    }
  } finally {
    if (bareServer) await stop(bareServer.server);
    await stop(appServer.server);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

async function main() {
  await withEmbedded((embedded) => benchOne("embedded (PGlite)", embedded));

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return console.log("\n(set DATABASE_URL to also run on a PostgreSQL server)");
  await withThrowawayPostgres(serverUrl, (database, { url, host, name }) =>
    benchOne(`postgres (${host}, throwaway database ${name}, pool 10)`, database, url),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
