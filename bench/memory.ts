// npx tsx bench/memory.ts: how much memory the server holds. Starts it as `npm start` does (the
// command and environment of package.json's start script, in its own process) on embedded PGlite and, with BENCH_DATABASE_URL
// or TEST_DATABASE_URL, on a throwaway database on that PostgreSQL server (created here, dropped
// afterwards). On PGlite it starts twice on one data directory: the first start creates the
// database, a restart only opens it. Prints the RSS of every process it runs as after start, after MEMORY_REQUESTS
// (3,000) mixed requests from one signed-up user (MEMORY_ROUNDS times, 1), and after
// MEMORY_IDLE_SECONDS (30) idle.
// MEMORY_COMMAND="node --import tsx src/server/index.ts" measures another start command (leading
// NAME=value words set its environment);
// MEMORY_DATABASES=postgres (or pglite) measures one kind only. MEMORY_BREAKDOWN=1 also prints where
// the server's resident memory lies at each point (from /proc/<pid>/smaps, see breakdown()).
// Prints figures; not a test.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { httpClient, rssKb, seedUser, spawnServer, withThrowawayDatabaseUrl, type HttpClient, type SeededUser } from "./support";

const REQUESTS = Number(process.env.MEMORY_REQUESTS ?? 3000);
const IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS ?? 30);
const ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 1);
const CONCURRENCY = 8;
const TZ = "Europe/Berlin";
/** The command as package.json's `start` script runs it: its leading NAME=value words go to the environment, `exec` is the shell's. */
function parseCommand(line: string): { command: string[]; env: Record<string, string> } {
  const words = line.split(" ").filter((w) => w && w !== "exec");
  const env = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]));
  return { env, command: words.filter((w) => !/^[A-Z_]+=/.test(w)).map((w) => (w === "node" ? process.execPath : w)) };
}
const START_LINE = process.env.MEMORY_COMMAND ?? (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } }).scripts.start;
const START = parseCommand(START_LINE);
const secretKey = randomBytes(32).toString("hex");
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const children = (pid: number): number[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean).map(Number));
const tree = (pid: number): number[] => [pid, ...children(pid).flatMap(tree)];
/** "142 MB" for the largest process (the server), "(+ 45 MB in 1 other process)" for a launcher and helpers. */
function describeRss(pid: number): string {
  const pids = tree(pid).map(rssKb).sort((a, b) => b - a);
  const server = pids[0]! / 1024;
  const others = pids.slice(1).reduce((sum, kb) => sum + kb, 0) / 1024;
  return `${server.toFixed(0).padStart(4)} MB${others ? ` (+ ${others.toFixed(0)} MB in ${pids.length - 1} other process${pids.length > 2 ? "es" : ""})` : ""}`;
}

/**
 * The server's resident memory by kind of mapping, from /proc/<pid>/smaps. The kinds are read from
 * the mappings' shapes, not asked of V8, so they are a good guess: glibc's thread arenas are
 * anonymous mappings at 64 MB-aligned addresses of at most 64 MB, the WebAssembly memory (PGlite's
 * whole Postgres) the one anonymous read-write mapping of 128 MB or more, and "other anonymous" is
 * mostly V8's heap and large buffers (malloc hands out blocks above its mmap threshold as mappings
 * of their own).
 */
function breakdown(pid: number): string {
  const kb = new Map<string, number>();
  let kind = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [start, end] = [parseInt(head[1]!, 16), parseInt(head[2]!, 16)];
      const [perms, name] = [head[3]!, head[4]!];
      const size = end - start;
      kind = name.startsWith("/")
        ? name === realpathSync(process.execPath) ? "node binary" : "other files"
        : name === "[heap]" ? "malloc main arena ([heap])"
        : name ? name
        : perms.includes("x") ? "executable (JIT and wasm code)"
        : perms.startsWith("rw") && size >= 128 * 2 ** 20 ? "WebAssembly memory"
        : start % (64 * 2 ** 20) === 0 && size <= 64 * 2 ** 20 ? "malloc thread arenas"
        : "other anonymous (V8 heap, large buffers)";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kb.set(kind, (kb.get(kind) ?? 0) + Number(rss[1]));
  }
  return [...kb].filter(([, v]) => v >= 1024).sort(([, a], [, b]) => b - a).map(([k, v]) => `      ${(v / 1024).toFixed(0).padStart(4)} MB ${k}`).join("\n");
}
const BREAKDOWN = process.env.MEMORY_BREAKDOWN === "1";

/** One request of the mix: pages and health, the dashboard's reads, task writes. */
async function oneRequest({ send }: HttpClient, u: SeededUser, n: number): Promise<number> {
  const roll = Math.random();
  const get = (path: string) => send("GET", path, { cookie: u.cookie }).then((r) => r.status);
  if (roll < 0.1) return get(n % 2 ? "/" : "/app/dashboard");
  if (roll < 0.15) return get("/functions/v1/health");
  if (roll < 0.4) return get(`${u.base}/tasks?view=all&tz=${TZ}&limit=50`);
  if (roll < 0.5) return get(`${u.base}/tasks/counts?tz=${TZ}`);
  if (roll < 0.6) return get(`${u.base}/planes`);
  if (roll < 0.7) return get(`${u.base}/projects`);
  const existing = u.taskIds[Math.floor(Math.random() * u.taskIds.length)];
  if (roll < 0.8 && existing) return (await send("PATCH", `${u.base}/tasks/${existing}`, { cookie: u.cookie, body: { status: n % 2 ? "done" : "todo" } })).status;
  const created = await send("POST", `${u.base}/tasks`, { cookie: u.cookie, body: { project_id: u.projectId, title: `Memory task ${n}` } });
  if (created.status === 201) u.taskIds.push((JSON.parse(created.body) as { task: { id: string } }).task.id);
  return created.status;
}

async function measure(label: string, dataDir: string, databaseUrl?: string): Promise<void> {
  const t0 = performance.now();
  const { child: server, url } = await spawnServer(
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SECRET_KEY: secretKey,
      DATA_DIR: dataDir,
      MAIL_OUTBOX: "1",
      LOG_LEVEL: "warn",
      LIMIT_WRITES_PER_MINUTE: "1000000",
      LIMIT_SEARCHES_PER_MINUTE: "1000000",
      ...START.env,
    },
    { command: START.command },
  );
  const client = httpClient(url, { maxSockets: CONCURRENCY, headers: { "accept-encoding": "br, gzip" } });
  try {
    const pid = server.pid!;
    console.log(`${label}: ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 1000));
    console.log(`  after start        ${describeRss(pid)}`);
    if (BREAKDOWN) console.log(breakdown(pid));
    const user = await seedUser(client, "Memory");
    // Later rounds run on code V8 has already compiled: the first one's time is mostly warm-up.
    for (let round = 1; round <= ROUNDS; round++) {
      const statuses = new Map<number, number>();
      let n = 0;
      const loadStart = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (n < REQUESTS) {
            const status = await oneRequest(client, user, n++).catch(() => 0);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      const seconds = (performance.now() - loadStart) / 1000;
      const seen = [...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(" ");
      console.log(`  after ${ROUNDS > 1 ? `round ${round} of ` : ""}${REQUESTS} requests ${describeRss(pid)}   (${seconds.toFixed(1)} s; ${seen})`);
    }
    if (BREAKDOWN) console.log(breakdown(pid));
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    console.log(`  after ${IDLE_SECONDS} s idle    ${describeRss(pid)}`);
    if (BREAKDOWN) console.log(breakdown(pid));
  } finally {
    client.close();
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
}

async function main() {
  console.log(`memory: \`${START_LINE}\`, ${REQUESTS} requests at concurrency ${CONCURRENCY}, Node ${process.version}`);
  // The first start also runs initdb (a second PGlite instance) and every migration; later starts only open the database.
  const only = process.env.MEMORY_DATABASES;
  if (only !== "postgres") {
    const dataDir = mkdtempSync(join(tmpdir(), "whq-memory-"));
    try {
      await measure("PGlite, first start", dataDir);
      await measure("PGlite, restart", dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === "pglite") return;
  if (!serverUrl) return console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL to a server; a throwaway database is created there)");
  await withThrowawayDatabaseUrl(serverUrl, async (url) => {
    const dataDir = mkdtempSync(join(tmpdir(), "whq-memory-"));
    await measure("PostgreSQL", dataDir, url).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
