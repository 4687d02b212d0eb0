// npx tsx bench/instances.ts: req/s of one instance, then of two instances on one PostgreSQL
// database with the load shared between them as a round-robin proxy would. Each instance is a
// process of its own started as `npm start` runs the server (the built bundle); the database is a
// throwaway one on BENCH_DATABASE_URL / TEST_DATABASE_URL (default the machine's test server),
// created and dropped here. The mix is the signed-in task list (50 of TASKS) and a task write.
// Also checks, before measuring, that a write on one instance is read on the other.
// Prints figures; not a test.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { httpClient, quantile, seedUser, spawnServer, withThrowawayDatabaseUrl, type HttpClient, type SeededUser, type SpawnedServer } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const TZ = "Europe/Berlin";
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = new URL("..", import.meta.url).pathname;
const secretKey = randomBytes(32).toString("hex");

type Stats = { rps: number; p50: number; p95: number; p99: number; errors: number };

async function start(databaseUrl: string): Promise<{ server: SpawnedServer; client: HttpClient; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "whq-bench-instance-"));
  const server = await spawnServer(
    { DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: dataDir, MAIL_OUTBOX: "1", LOG_LEVEL: "warn", NODE_ENV: "production", LIMIT_WRITES_PER_MINUTE: "10000000", LIMIT_SEARCHES_PER_MINUTE: "10000000" },
    { command: [process.execPath, "--max-semi-space-size=2", "dist/server/index.mjs"] },
  );
  return { server, client: httpClient(server.url, { maxSockets: CONCURRENCY, headers: { "accept-encoding": "br, gzip" } }), dataDir };
}

/** CONCURRENCY loops for SECONDS, each request to the next instance in turn: nine list reads, one write. */
async function load(clients: HttpClient[], user: SeededUser): Promise<Stats> {
  const latencies: number[] = [];
  let n = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const i = n++;
        const { send } = clients[i % clients.length]!;
        const t0 = performance.now();
        const reply =
          i % 10 === 9
            ? await send("PATCH", `${user.base}/tasks/${user.taskIds[i % user.taskIds.length]}`, { cookie: user.cookie, body: { priority: i % 20 ? "high" : "low" } })
            : await send("GET", `${user.base}/tasks?view=all&tz=${TZ}&limit=50`, { cookie: user.cookie });
        latencies.push(performance.now() - t0);
        if (reply.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), errors };
}

const row = (name: string, s: Stats) =>
  `${name.padEnd(16)}${s.rps.toFixed(0).padStart(8)}${s.p50.toFixed(1).padStart(9)}${s.p95.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}${String(s.errors).padStart(8)}`;

async function main() {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
  await withThrowawayDatabaseUrl(serverUrl, async (url, name) => {
    const a = await start(url);
    const b = await start(url);
    try {
      const user = await seedUser(a.client, "Instances");
      for (let i = 0; i < TASKS; i += 100) {
        const batch = Array.from({ length: Math.min(100, TASKS - i) }, (_, k) => a.client.send("POST", `${user.base}/tasks`, { cookie: user.cookie, body: { project_id: user.projectId, title: `Task ${i + k}` } }));
        for (const created of await Promise.all(batch)) {
          if (created.status !== 201) throw new Error(`task: HTTP ${created.status} ${created.body.slice(0, 200)}`);
          user.taskIds.push((JSON.parse(created.body) as { task: { id: string } }).task.id);
        }
      }
      // A write through B is read through A: one database, no instance keeps its own copy.
      const moved = await b.client.send("PATCH", `${user.base}/tasks/${user.taskIds[0]}`, { cookie: user.cookie, body: { title: "Written on B" } });
      const seen = await a.client.send("GET", `${user.base}/tasks/${user.taskIds[0]}`, { cookie: user.cookie });
      if (moved.status !== 200 || !seen.body.includes("Written on B")) throw new Error("a write on B was not read on A");

      console.log(`\nthrowaway database ${name}; ${TASKS} tasks; ${CONCURRENCY} in flight for ${SECONDS} s; ${cpus().length} cores; load before ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
      console.log(`${"".padEnd(16)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}`);
      await load([a.client], user); // warm both code paths and the database's caches
      await load([b.client], user);
      const one = await load([a.client], user);
      console.log(row("one instance", one));
      const two = await load([a.client, b.client], user);
      console.log(row("two instances", two));
      console.log(`two / one: req/s x${(two.rps / one.rps).toFixed(2)}, p99 x${(two.p99 / one.p99).toFixed(2)}; load after ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    } finally {
      for (const instance of [a, b]) {
        instance.client.close();
        instance.server.child.kill("SIGTERM");
        await new Promise((r) => instance.server.child.once("exit", r));
        rmSync(instance.dataDir, { recursive: true, force: true });
      }
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
