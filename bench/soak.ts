// npx tsx bench/soak.ts: does the server hold steady under a long mixed load? Starts the real
// server in a child process on a throwaway database on a PostgreSQL server (BENCH_DATABASE_URL or
// TEST_DATABASE_URL; created here and dropped afterwards), keeps one event stream open per user,
// and runs SOAK_CLIENTS loops of reads and writes for SOAK_SECONDS (default 300). Prints, per
// minute, requests, p50/p99 latency and the server's RSS, then RSS growth from start to end and
// how long the graceful stop took with the streams open. Prints figures; not a test.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { httpClient, quantile, rssKb, seedUser, spawnServer, withThrowawayDatabaseUrl, type HttpClient, type SeededUser } from "./support";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 8);
const USERS = Number(process.env.SOAK_USERS ?? 4);
const WINDOW_MS = 60_000;
const WARMUP_MS = 5_000;
const TZ = "Europe/Berlin";

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server; a throwaway database is created there.");
  process.exit(1);
}

const rssMb = (pid: number) => rssKb(pid) / 1024;

/** One open event stream per user, as a browser tab holds it; counts what it hears. */
function openStream(base: string, u: SeededUser, heard: { changes: number; other: Set<string> }): () => void {
  const req = http.request(`${base}${u.base}/events`, { headers: { cookie: u.cookie, accept: "text/event-stream" } }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      heard.changes += chunk.split("event: change").length - 1;
      for (const m of chunk.matchAll(/event: (resync|end)/g)) heard.other.add(m[1]!);
    });
  });
  req.on("error", () => undefined);
  req.end();
  return () => req.destroy();
}

/** One request of the mix: about 70% reads of the dashboard's queries, 30% task writes. */
async function oneRequest({ send }: HttpClient, u: SeededUser, n: number): Promise<number> {
  const roll = Math.random();
  if (roll < 0.35) return (await send("GET", `${u.base}/tasks?view=all&tz=${TZ}&limit=50`, { cookie: u.cookie })).status;
  if (roll < 0.5) return (await send("GET", `${u.base}/tasks/counts?tz=${TZ}`, { cookie: u.cookie })).status;
  if (roll < 0.6) return (await send("GET", `${u.base}/planes`, { cookie: u.cookie })).status;
  if (roll < 0.7) return (await send("GET", `${u.base}/projects`, { cookie: u.cookie })).status;
  const existing = u.taskIds[Math.floor(Math.random() * u.taskIds.length)];
  if (roll < 0.8 && existing) return (await send("PATCH", `${u.base}/tasks/${existing}`, { cookie: u.cookie, body: { status: n % 2 ? "done" : "todo" } })).status;
  if (roll < 0.85 && existing && u.taskIds.length > 50) {
    u.taskIds.splice(u.taskIds.indexOf(existing), 1);
    return (await send("DELETE", `${u.base}/tasks/${existing}`, { cookie: u.cookie })).status;
  }
  const created = await send("POST", `${u.base}/tasks`, { cookie: u.cookie, body: { project_id: u.projectId, title: `Soak task ${n}` } });
  if (created.status === 201) u.taskIds.push((JSON.parse(created.body) as { task: { id: string } }).task.id);
  return created.status;
}

async function soak(dbUrl: string, name: string) {
  const logged: string[] = [];
  const { child: server, url: base } = await spawnServer(
    {
      DATABASE_URL: dbUrl,
      SECRET_KEY: randomBytes(32).toString("hex"),
      DATA_DIR: mkdtempSync(join(tmpdir(), "whq-soak-")),
      MAIL_OUTBOX: "1",
      LOG_LEVEL: "warn",
      LIMIT_WRITES_PER_MINUTE: "1000000",
      LIMIT_SEARCHES_PER_MINUTE: "1000000",
    },
    { onLine: (line) => void (line.startsWith("{") && logged.push(line)) },
  );
  const client = httpClient(base, { maxSockets: CLIENTS + USERS + 4 });
  try {
    const pid = server.pid!;
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => seedUser(client, `Soak ${i}`)));
    const heard = { changes: 0, other: new Set<string>() };
    const closeStreams = users.map((u) => openStream(base, u, heard));

    type Sample = { at: number; ms: number; status: number };
    const samples: Sample[] = [];
    const started = performance.now();
    const warmEnd = started + WARMUP_MS;
    const deadline = warmEnd + SECONDS * 1000;
    let rssStart = 0;
    let n = 0;
    const windows: string[] = [];
    const report = (from: number, to: number, label: string) => {
      const inWindow = samples.filter((s) => s.at >= from && s.at < to);
      const ms = inWindow.map((s) => s.ms).sort((a, b) => a - b);
      const failed = inWindow.filter((s) => s.status >= 400).length;
      const line = `${label.padEnd(8)}${String(inWindow.length).padStart(9)}${((inWindow.length * 1000) / Math.max(1, to - from)).toFixed(0).padStart(8)}${quantile(ms, 0.5).toFixed(2).padStart(9)}${quantile(ms, 0.99).toFixed(2).padStart(9)}${String(failed).padStart(8)}${rssMb(pid).toFixed(0).padStart(8)}`;
      windows.push(line);
      console.log(line);
    };
    console.log(`soak: ${CLIENTS} clients, ${USERS} users each with an open event stream, ${SECONDS} s after ${WARMUP_MS / 1000} s warm-up, postgres ${new URL(dbUrl).host} (${name})`);
    console.log(`${"minute".padEnd(8)}${"requests".padStart(9)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"RSS MB".padStart(8)}`);
    let windowStart = warmEnd;
    let minute = 1;
    const ticker = setInterval(() => {
      const now = performance.now();
      if (!rssStart && now >= warmEnd) rssStart = rssMb(pid);
      if (now - windowStart >= WINDOW_MS && now < deadline) {
        report(windowStart, windowStart + WINDOW_MS, String(minute++));
        windowStart += WINDOW_MS;
      }
    }, 250);
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        while (performance.now() < deadline) {
          const u = users[(c + n) % users.length]!;
          const t0 = performance.now();
          const status = await oneRequest(client, u, n++).catch(() => 0);
          if (t0 >= warmEnd) samples.push({ at: t0, ms: performance.now() - t0, status });
        }
      }),
    );
    clearInterval(ticker);
    // The last window, marked * when it is shorter than a minute.
    if (windowStart < deadline - 1000) report(windowStart, deadline, `${minute}${deadline - windowStart < WINDOW_MS - 1000 ? "*" : ""}`);
    const rssEnd = rssMb(pid);
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const statuses = [...new Set(samples.map((s) => s.status))].sort().join(",");
    console.log(`${"all".padEnd(8)}${String(samples.length).padStart(9)}${((samples.length * 1000) / (SECONDS * 1000)).toFixed(0).padStart(8)}${quantile(all, 0.5).toFixed(2).padStart(9)}${quantile(all, 0.99).toFixed(2).padStart(9)}`);
    console.log(`statuses seen: ${statuses}; change events heard on the streams: ${heard.changes}${heard.other.size ? `; also ${[...heard.other].join(", ")}` : ""}`);
    console.log(`RSS at start ${rssStart.toFixed(0)} MB, at end ${rssEnd.toFixed(0)} MB, growth ${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)}%`);

    // The graceful stop with every stream still open.
    const stopStarted = performance.now();
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const code = await exited;
    console.log(`SIGTERM with ${USERS} streams open: exited with ${code} after ${(performance.now() - stopStarted).toFixed(0)} ms`);
    closeStreams.forEach((close) => close());
    const errors = logged.filter((l) => l.includes('"level":"error"'));
    if (errors.length) console.log(`server logged ${errors.length} errors, first: ${errors[0]!.slice(0, 300)}`);
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    client.close();
  }
}

async function main() {
  await withThrowawayDatabaseUrl(serverUrl!, soak);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
