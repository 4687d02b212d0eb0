// npx tsx bench/tasks.ts: how the dashboard's task queries scale with the size of an organisation.
// One org grows step by step (BENCH_SIZES, default 1k, 10k, 100k tasks) next to BENCH_OTHER_ORGS
// other orgs of the same size, so the indexes have to discriminate by org. After each step:
// VACUUM ANALYZE, then the real verbs (listTasks per view, countTasks, searchWork) are timed:
// WARMUP calls, then up to CALLS timed calls within QUERY_SECONDS. Before the first size each
// query also runs untimed for FIRST_WARMUP_SECONDS, so a cold JIT does not inflate the 1k baseline.
// Prints figures; not a test. Optional: BENCH_CAPPED_COUNT, BENCH_CANDIDATES, BENCH_EXPLAIN=full.
// Embedded PGlite (skip with BENCH_EMBEDDED=0); a throwaway database on DATABASE_URL's server when that is set.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import type { Database, Db } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { tasks } from "../src/server/db/schema";
import type { Ctx } from "../src/server/modules/organisations/org-scope";
import { listPlanes } from "../src/server/modules/planes/list-planes";
import { listProjects } from "../src/server/modules/projects/list-projects";
import { searchWork } from "../src/server/modules/search/search-work";
import { countTasks } from "../src/server/modules/tasks/count-tasks";
import { listTasks, viewFilter } from "../src/server/modules/tasks/list-tasks";
import { listBoard } from "../src/server/modules/tasks/list-board";
import { quantile, withEmbedded, withThrowawayPostgres } from "./support";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map((s) => Number(s.trim())).filter((n) => n > 0).sort((a, b) => a - b);
const OTHER_ORGS = Number(process.env.BENCH_OTHER_ORGS ?? 4);
const WARMUP = 20;
const FIRST_WARMUP_SECONDS = 2; // per query, once per database: lets V8 and PGlite's wasm tier up before the first size
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const QUERY_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 8); // per query and size, warm-up included
const PROJECTS = 20;
const PLANES = 3;
const TZ = "Europe/Berlin";
const GOAL_P95_MS = 25;
const GOAL_RATIO = 1.5;
const FULL_PLANS = process.env.BENCH_EXPLAIN === "full";
/** `;`-separated statements (CREATE INDEX, VACUUM, ...) to try after the main run, then everything is timed again at the largest size. */
const CANDIDATES = (process.env.BENCH_CANDIDATES ?? "").split(";").map((s) => s.trim()).filter(Boolean);
/** When set (e.g. 1000), also time a candidate rewrite of the counts: each capped at this many, one index range each. */
const CAPPED_COUNT = Number(process.env.BENCH_CAPPED_COUNT ?? 0);
const SEED_CHUNK = 10_000; // tasks per org per INSERT statement

type Stats = { p50: number; p95: number; calls: number };
type QueryName = "list all" | "list today" | "list overdue" | "list done" | "count" | "count capped" | "search miss" | "search rare" | "planes page" | "projects page" | "assigned to me" | "label" | "label + me" | "board column";
type Query = { name: QueryName; run: (ctx: Ctx) => Promise<unknown> };

const queries: Query[] = [
  ...(["all", "today", "overdue", "done"] as const).map((view) => ({
    name: `list ${view}` as QueryName,
    run: (ctx: Ctx) => listTasks(ctx, { view, tz: TZ, limit: 50 }),
  })),
  { name: "count", run: (ctx: Ctx) => countTasks(ctx, TZ) },
  // The palette's search: text found nowhere (the worst case for a scan) and a rare fragment.
  { name: "search miss", run: (ctx: Ctx) => searchWork(ctx, "no such title") },
  { name: "search rare", run: (ctx: Ctx) => searchWork(ctx, "beef") },
  // The planes and projects pages, with their task counts (kept per project by the triggers).
  { name: "planes page", run: (ctx: Ctx) => listPlanes(ctx, { limit: 20 }) },
  { name: "projects page", run: (ctx: Ctx) => listProjects(ctx, { limit: 20 }) },
  // Team work: "Assigned to me" (1 in 5 tasks), a label on 1 in 10 tasks, both, and the board's first column page.
  { name: "assigned to me", run: (ctx: Ctx) => listTasks(ctx, { view: "all", tz: TZ, limit: 50, assignee: "me" }) },
  { name: "label", run: async (ctx: Ctx) => listTasks(ctx, { view: "all", tz: TZ, limit: 50, label_id: await benchLabel(ctx) }) },
  { name: "label + me", run: async (ctx: Ctx) => listTasks(ctx, { view: "all", tz: TZ, limit: 50, assignee: "me", label_id: await benchLabel(ctx) }) },
  { name: "board column", run: (ctx: Ctx) => listBoard(ctx, { status: "todo", limit: 200 }) },
  ...(CAPPED_COUNT > 0 ? [{ name: "count capped" as QueryName, run: (ctx: Ctx) => cappedCounts(ctx, TZ) }] : []),
];

/**
 * Candidate, not the app's verb: the same four tab counts (same view filters), each stopping at
 * CAPPED_COUNT rows ("999+"), so the work is bounded by the cap instead of the org's size.
 */
async function cappedCounts({ db, scope }: Ctx, tz: string, now = new Date()) {
  const upTo = (filter: SQL | undefined) =>
    sql`(select count(*) from (select 1 from ${tasks} where ${and(eq(tasks.orgId, scope.orgId), filter)} limit ${CAPPED_COUNT}) capped)::int`;
  const { rows } = (await db.execute(
    sql`select ${upTo(undefined)} as "all", ${upTo(viewFilter("today", tz, now))} as today, ${upTo(viewFilter("overdue", tz, now))} as overdue, ${upTo(viewFilter("done", tz, now))} as done`,
  )) as unknown as { rows: { all: number; today: number; overdue: number; done: number }[] };
  return rows[0];
}

const fmt = (n: number) => n.toLocaleString("en-GB");
const ms = (n: number) => n.toFixed(2);
const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");

/** Five people (bench-user is the caller) shared by every org, and ten labels per org. */
const BENCH_USERS = ["bench-user", "bench-u1", "bench-u2", "bench-u3", "bench-u4"];
const labelOf = new Map<string, string>();
async function benchLabel(ctx: Ctx): Promise<string> {
  let id = labelOf.get(ctx.scope.orgId);
  if (!id) {
    const rows = (await ctx.db.execute(sql`select id from labels where org_id = ${ctx.scope.orgId} and name = 'Label 1'`)) as unknown as { rows: { id: string }[] };
    id = rows.rows[0]!.id;
    labelOf.set(ctx.scope.orgId, id);
  }
  return id;
}

async function seedOrgs(db: Db, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const u of BENCH_USERS) await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${u}, ${u}, ${`${u}@bench.test`}, true) on conflict do nothing`);
  for (const [i, id] of ids.entries()) {
    await db.execute(sql`insert into organisations (id, name) values (${id}, ${i === 0 ? "Bench Org" : `Other Org ${i}`})`);
    // PLANES planes, PROJECTS projects spread over them, as the onboarding would leave them.
    await db.execute(sql`
      insert into planes (org_id, name, key)
      select ${id}, 'Plane ' || n, 'plane-' || n from generate_series(1, ${PLANES}::int) n`);
    await db.execute(sql`
      insert into projects (org_id, plane_id, name, color, status)
      select ${id}, pl.id, 'Project ' || n, '#6366f1', case when n % 7 = 0 then 'paused' else 'active' end
      from generate_series(1, ${PROJECTS}::int) n
      join planes pl on pl.org_id = ${id} and pl.key = 'plane-' || (1 + n % ${PLANES}::int)`);
    await db.execute(sql`insert into labels (org_id, name) select ${id}, 'Label ' || n from generate_series(1, 10) n`);
  }
  return ids;
}

/**
 * Tasks from..to (exclusive) for every org, interleaved on the heap as tenants' writes would be.
 * Due dates uniform over -60..+60 days with 15% none, 30% done, priorities 30/50/20 low/medium/high,
 * half with a description. Each random() call is an independent draw.
 */
async function seedTasks(db: Db, orgIds: string[], from: number, to: number) {
  const orgArray = sql`array[${sql.join(orgIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  for (let lo = from; lo < to; lo += SEED_CHUNK) {
    const hi = Math.min(to, lo + SEED_CHUNK) - 1;
    await db.execute(sql`
      with o as materialized (
        select org.id, org.n, (select array_agg(p.id order by p.name) from projects p where p.org_id = org.id) as projects
        from unnest(${orgArray}) with ordinality as org(id, n)
      )
      , ins as (insert into tasks (org_id, project_id, title, description, priority, status, due_at, created_at, assignee_id)
      select o.id,
        o.projects[1 + floor(random() * array_length(o.projects, 1))::int],
        'Task ' || g || ' ' || substr(md5(g::text || o.n), 1, 12),
        case when random() < 0.5 then repeat('Some words about what needs doing. ', 1 + g % 4) end,
        case when random() < 0.3 then 'low' when random() < 0.714 then 'medium' else 'high' end,
        case when random() < 0.3 then 'done' else 'todo' end,
        case when random() < 0.15 then null else date_trunc('minute', now() + (random() * 120 - 60) * interval '1 day') end,
        now() - random() * interval '365 days',
        (array['bench-user', 'bench-u1', 'bench-u2', 'bench-u3', 'bench-u4'])[1 + g % 5]
      from generate_series(${lo}::int, ${hi}::int) g cross join o
      order by g, o.n
      returning id, org_id, title)
      -- One task in ten carries the org's "Label 1".
      insert into task_labels (task_id, label_id, org_id)
      select ins.id, l.id, ins.org_id from ins join labels l on l.org_id = ins.org_id and l.name = 'Label 1'
      where split_part(ins.title, ' ', 2)::int % 10 = 0`);
  }
}

async function time(fn: () => Promise<unknown>): Promise<Stats> {
  const deadline = performance.now() + QUERY_SECONDS * 1000;
  for (let i = 0; i < WARMUP && performance.now() < deadline; i++) await fn();
  const latencies: number[] = [];
  while (latencies.length < CALLS && (latencies.length < 10 || performance.now() < deadline)) {
    const t0 = performance.now();
    await fn();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), calls: latencies.length };
}

/** A second drizzle handle on the same connection(s) that records the SQL a verb sends. */
function recorder(database: Database) {
  const queries: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void queries.push({ sql: query, params }) };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db = (
    database.kind === "embedded" ? drizzlePglite({ client: client as PGlite, schema, logger }) : drizzlePg({ client: client as pg.Pool, schema, logger })
  ) as unknown as Db;
  const explain = async (q: { sql: string; params: unknown[] }): Promise<string[]> => {
    const res = await (client as { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, string>[] }> }).query(
      `explain (analyze, buffers) ${q.sql}`,
      q.params,
    );
    return res.rows.map((r) => r["QUERY PLAN"] ?? Object.values(r)[0] ?? "");
  };
  return { db, queries, explain };
}

/** The top node, the scans (so index use shows), and the execution time. */
function planSummary(plan: string[]): string[] {
  const scans = plan.slice(1).filter((l) => /Scan|Sort Method|Heap Fetches|Rows Removed/.test(l));
  return [plan[0] ?? "", ...scans, plan.find((l) => l.startsWith("Execution Time")) ?? ""].filter(Boolean);
}

async function measureAll(ctx: Ctx, firstRun = false): Promise<Map<QueryName, Stats>> {
  const out = new Map<QueryName, Stats>();
  for (const q of queries) {
    if (firstRun) for (const until = performance.now() + FIRST_WARMUP_SECONDS * 1000; performance.now() < until; ) await q.run(ctx);
    const s = await time(() => q.run(ctx));
    out.set(q.name, s);
    console.log(`  ${q.name.padEnd(14)}${ms(s.p50).padStart(9)}${ms(s.p95).padStart(9)}${String(s.calls).padStart(7)}`);
  }
  return out;
}

async function benchOne(label: string, database: Database) {
  const { db } = database;
  console.log(`\n${label}`);
  console.log(`load average at start: ${load()}; ${OTHER_ORGS} other orgs of the same size; ${PROJECTS} projects in ${PLANES} planes per org`);
  const t0 = performance.now();
  const orgIds = await seedOrgs(db, 1 + OTHER_ORGS);
  const orgId = orgIds[0]!;
  const ctx: Ctx = { db, scope: { orgId, userId: "bench-user", role: "owner", isOwner: true, requiresTwoFactor: false }, now: () => new Date() };
  console.log(`orgs, planes, projects seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const results = new Map<number, Map<QueryName, Stats>>();
  let seeded = 0;
  for (const size of SIZES) {
    const s0 = performance.now();
    await seedTasks(db, orgIds, seeded, size);
    seeded = size;
    const s1 = performance.now();
    // VACUUM as well as ANALYZE: a deployment's autovacuum would have visited a table after a bulk
    // load like this (it is off on some test servers), setting hint bits and the visibility map.
    await db.execute(sql`vacuum analyze`);
    const s2 = performance.now();
    const counts = await countTasks(ctx, TZ);
    console.log(
      `\n${fmt(size)} tasks in the org (${fmt(size * orgIds.length)} in all): seeded in ${((s1 - s0) / 1000).toFixed(1)} s, VACUUM ANALYZE ${((s2 - s1) / 1000).toFixed(1)} s; ` +
        `counts ${JSON.stringify(counts)}; load ${load()}`,
    );
    if (CAPPED_COUNT > 0) console.log(`  capped counts ${JSON.stringify(await cappedCounts(ctx, TZ))}`);
    if (counts.all !== size) throw new Error(`countTasks saw ${counts.all} tasks, expected ${size}`);
    console.log(`  ${"query".padEnd(14)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"calls".padStart(7)}`);
    results.set(size, await measureAll(ctx, size === SIZES[0]));
  }

  const small = SIZES[0]!;
  const big = SIZES.at(-1)!;
  const atBig = results.get(big)!;
  const atSmall = results.get(small)!;
  console.log(`\n${label}: summary (goals: p95 at ${fmt(big)} < ${GOAL_P95_MS} ms; p50 ${fmt(big)} / p50 ${fmt(small)} <= ${GOAL_RATIO})`);
  console.log(`  ${"query".padEnd(14)}${`p95@${fmt(big)}`.padStart(14)}${"".padStart(6)}${"p50 ratio".padStart(11)}`);
  for (const q of queries) {
    const b = atBig.get(q.name)!;
    const ratio = b.p50 / atSmall.get(q.name)!.p50;
    const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");
    console.log(
      `  ${q.name.padEnd(14)}${ms(b.p95).padStart(14)} ${mark(b.p95 < GOAL_P95_MS)}${`x${ratio.toFixed(2)}`.padStart(11)} ${mark(ratio <= GOAL_RATIO)}`,
    );
  }

  // The plan of the slowest query at the largest size (all of them with BENCH_EXPLAIN=full).
  const rec = recorder(database);
  const recCtx: Ctx = { ...ctx, db: rec.db };
  const slowest = [...queries].sort((a, b) => atBig.get(b.name)!.p95 - atBig.get(a.name)!.p95);
  for (const q of FULL_PLANS ? slowest : slowest.slice(0, 1)) {
    rec.queries.length = 0;
    await q.run(recCtx);
    const plan = await rec.explain(rec.queries.at(-1)!);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${q.name} at ${fmt(big)} (${q === slowest[0] ? "slowest by p95" : "for comparison"}):`);
    for (const line of FULL_PLANS ? plan : planSummary(plan)) console.log(`  ${line}`);
  }

  if (CANDIDATES.length) {
    for (const stmt of CANDIDATES) {
      const c0 = performance.now();
      await db.execute(sql.raw(stmt));
      console.log(`\ncandidate: ${stmt} (${((performance.now() - c0) / 1000).toFixed(1)} s)`);
    }
    await db.execute(sql`analyze`);
    console.log(`  ${"query".padEnd(14)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"calls".padStart(7)}   (at ${fmt(big)}, with the candidates)`);
    const after = await measureAll(ctx);
    const worst = [...queries].sort((a, b) => after.get(b.name)!.p95 - after.get(a.name)!.p95)[0]!;
    rec.queries.length = 0;
    await worst.run(recCtx);
    console.log(`EXPLAIN of ${worst.name} with the candidates:`);
    for (const line of planSummary(await rec.explain(rec.queries.at(-1)!))) console.log(`  ${line}`);
  }
  console.log(`load average at end: ${load()}`);
}

async function main() {
  if (process.env.BENCH_EMBEDDED !== "0") await withEmbedded((embedded) => benchOne("embedded (PGlite, temp dir)", embedded));

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return console.log("\n(set DATABASE_URL to also run on a PostgreSQL server)");
  await withThrowawayPostgres(serverUrl, (database, { host, name }) => benchOne(`postgres (${host}, throwaway database ${name}, pool 10)`, database));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
