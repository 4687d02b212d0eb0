// npx tsx bench/jobs.ts: agent jobs through the queue to a fast n8n stand-in that runs the starter
// workflow's protocol (answer, claim, report), against the anchor of the same queue running jobs
// that do nothing. Prints jobs/s, and the queue wait (dispatch to the worker taking the job) per
// organisation while one organisation has a backlog; then two instances on one database sharing the
// work, with the number of jobs worked twice. Embedded PGlite, or a throwaway database on
// BENCH_DATABASE_URL's server. Prints figures; not a test.
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { openPostgres } from "../src/server/db/client";
import { loadEnv } from "../src/server/env";
import { createApp, type App } from "../src/server/app";
import { createLogger } from "../src/server/lib/logger";
import { createQueue, type Worker } from "../src/server/lib/queue";
import { dispatchAgentJob, DISPATCH_QUEUE } from "../src/server/modules/jobs/dispatch-agent-job";
import { createServices } from "../src/server/services";
import { startN8nStandIn, type N8nStandIn } from "../src/server/testing/n8n-stand-in";
import { bootstrapOrganisation } from "../src/server/modules/organisations/bootstrap-organisation";
import { user } from "../src/server/db/schema";
import { workersOf } from "../src/server/workers";
import type { Services } from "../src/server/context";
import { quantile, withEmbedded, withThrowawayPostgres } from "./support";

const SECRET = "ab".repeat(32);
const APP_URL = "http://127.0.0.1:3999";
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 400);
const OTHERS = 3;
const PER_OTHER = 20;
const logger = createLogger("silent");

type Instance = { services: Services; app: App };

function instanceOn(database: Database, n8n: N8nStandIn | null): Instance {
  const env = loadEnv({ NODE_ENV: "test", APP_URL, SECRET_KEY: "a".repeat(64), DATA_DIR: "/tmp/whq-bench-jobs", LOG_LEVEL: "silent", JOB_POLL_INTERVAL_MS: "200", ...(n8n ? { N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET } : {}) });
  const services = createServices(env, database, logger);
  return { services, app: createApp(services) };
}

async function seedOrgs(database: Database, count: number): Promise<{ orgId: string; userId: string }[]> {
  const orgs = [];
  for (let i = 0; i < count; i++) {
    const id = `bench-jobs-${Date.now()}-${i}`;
    await database.db.insert(user).values({ id, name: `Bench ${i}`, email: `${id}@example.test`, emailVerified: true });
    const { org } = await bootstrapOrganisation(database.db, { userId: id, orgName: `Bench ${i}`, now: new Date() });
    orgs.push({ orgId: org.id, userId: id });
  }
  return orgs;
}

/** The anchor: jobs that do nothing, through the same queue, so what is left is the queue's own cost. */
async function bareQueue(database: Database, jobs: number): Promise<number> {
  let done = 0;
  const worker: Worker = { queue: "bench-noop", handle: async () => void done++ };
  const queue = createQueue(database, logger, { pollIntervalMs: 200, concurrency: 8, perKeyLimit: 8 });
  for (let i = 0; i < jobs; i++) await queue.send("bench-noop", { i }, { key: `org-${i % 4}` });
  const started = performance.now();
  await queue.start([worker]);
  while (done < jobs) await new Promise((r) => setTimeout(r, 10));
  const seconds = (performance.now() - started) / 1000;
  await queue.stop();
  return jobs / seconds;
}

/** Agent jobs, one organisation's backlog first and the others' after it; the wait each job had. */
async function agentJobs(database: Database, instances: Instance[], n8n: N8nStandIn) {
  const orgs = await seedOrgs(database, 1 + OTHERS);
  const [big, ...others] = orgs;
  const sentAt = new Map<string, { org: string; at: number }>();
  const firstStart = new Map<string, number>();
  const starts = new Map<string, number>();
  const dispatch = async (org: { orgId: string; userId: string }, label: string, message: string) => {
    const at = performance.now();
    const { jobId } = await dispatchAgentJob({ db: database.db, queue: instances[0]!.services.queue, scope: { orgId: org.orgId, userId: org.userId, role: "owner", isOwner: true, requiresTwoFactor: false }, now: () => new Date() }, { message, context: {} });
    sentAt.set(jobId, { org: label, at });
  };
  // Workers that note when each job was taken, then deliver it as usual.
  const started = performance.now();
  for (const instance of instances) {
    const workers = workersOf(instance.services).map((w) =>
      w.queue !== DISPATCH_QUEUE
        ? w
        : {
            ...w,
            handle: async (job: Parameters<Worker["handle"]>[0]) => {
              const id = (job.data as { job_id: string }).job_id;
              starts.set(id, (starts.get(id) ?? 0) + 1);
              if (!firstStart.has(id)) firstStart.set(id, performance.now());
              return w.handle(job);
            },
          },
    );
    await instance.services.queue.start(workers);
  }
  for (let i = 0; i < BACKLOG; i++) await dispatch(big!, "backlog", `backlog ${i}`);
  for (let i = 0; i < PER_OTHER; i++) for (const [n, org] of others.entries()) await dispatch(org, `other ${n + 1}`, `other ${i}`);
  const total = BACKLOG + OTHERS * PER_OTHER;
  const doneCount = async () => Number(((await database.db.execute(sql`select count(*)::int as n from agent_jobs where state = 'done'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  while ((await doneCount()) < total) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - started) / 1000;
  for (const instance of instances) await instance.services.queue.stop();
  // A worker may take a job before its dispatch has returned: the waits are read once all are in.
  const waited = new Map<string, number[]>();
  for (const [id, sent] of sentAt) waited.set(sent.org, [...(waited.get(sent.org) ?? []), Math.max(0, firstStart.get(id)! - sent.at)]);
  const worked = new Map<string, number>();
  for (const id of n8n.worked) worked.set(id, (worked.get(id) ?? 0) + 1);
  return { jobsPerSecond: total / seconds, total, waited, workedTwice: [...worked.values()].filter((n) => n > 1).length, takenTwice: [...starts.values()].filter((n) => n > 1).length };
}

const ms = (v: number) => `${Math.round(v)} ms`;

async function run(database: Database, second: () => Promise<Database | null>) {
  console.log(`  bare queue (no-op jobs): ${(await bareQueue(database, 1_000)).toFixed(0)} jobs/s  <- anchor`);
  for (const count of [1, 2]) {
    const extra = count === 2 ? await second() : null;
    if (count === 2 && !extra) continue;
    let instances: Instance[] = [];
    const n8n = await startN8nStandIn({ secret: SECRET, fetchApp: (url, init) => Promise.resolve(instances[0]!.app.request(url, init, { incoming: { socket: { remoteAddress: "127.0.0.9" } } })) });
    instances = [instanceOn(database, n8n), ...(extra ? [instanceOn(extra, n8n)] : [])];
    const result = await agentJobs(database, instances, n8n);
    console.log(`  agent jobs, ${count} instance${count > 1 ? "s" : ""}: ${result.jobsPerSecond.toFixed(1)} jobs/s (${result.total} jobs; worked twice: ${result.workedTwice}, taken twice: ${result.takenTwice})`);
    for (const [org, waits] of [...result.waited.entries()].sort()) {
      const sorted = [...waits].sort((a, b) => a - b);
      console.log(`    queue wait, ${org.padEnd(8)} p50 ${ms(quantile(sorted, 0.5)).padStart(8)}  p95 ${ms(quantile(sorted, 0.95)).padStart(8)}  (${sorted.length} jobs)`);
    }
    for (const instance of instances) await instance.services.changes.close();
    await n8n.close();
    await extra?.close();
  }
}

console.log(`bench/jobs.ts: ${BACKLOG} jobs of one organisation queued first, then ${PER_OTHER} of each of ${OTHERS} others; JOB_CONCURRENCY 8, JOB_PER_ORG_LIMIT 2`);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withThrowawayPostgres(serverUrl, async (database, info) => {
    console.log(`PostgreSQL (${info.host})`);
    await run(database, () => openPostgres(info.url, 10));
  });
} else {
  await withEmbedded(async (database) => {
    console.log("embedded PGlite (one instance: it lives in this process)");
    await run(database, async () => null);
  });
}
