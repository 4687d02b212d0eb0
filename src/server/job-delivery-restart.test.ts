import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentJobs } from "./db/schema";
import { freePort } from "./testing/free-port";
import { gate } from "./testing/gate";
import { startN8nStandIn, type N8nStandIn } from "./testing/n8n-stand-in";
import { createTestApp, type TestApp } from "./testing/test-app";
import { openTestDatabase, type TestDatabase } from "./testing/test-database";
import { orgUser, type OrgUser } from "./testing/work-fixtures";
import { call } from "./testing/http";

// The whole server process, as an operator runs it, stopped (SIGTERM) or killed (SIGKILL) while it
// is delivering a job to n8n: the job is delivered again afterwards, and its work still runs once,
// because n8n's workflow claims it first. On the PostgreSQL server only, where two processes share it.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const SECRET = "e".repeat(64);

type Server = { child: ChildProcess; log: string[]; exited: Promise<number | null> };

describe.runIf(onServer)("a job in delivery when its server stops or dies", () => {
  let database: TestDatabase;
  let n8n: N8nStandIn;
  let port: number;
  let t: TestApp;
  let owner: OrgUser;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    port = await freePort();
    n8n = await startN8nStandIn({ secret: SECRET });
    // An instance of our own on the same database, only to set up the organisation and dispatch.
    t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET }, database);
    owner = await orgUser(t.app, database.db, "restart");
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill("SIGKILL");
    await t?.close();
    await n8n?.close();
  });

  /** `node src/server/index.ts` on the shared database, listening where the jobs' claim_url points. */
  async function startProcess(outboundTimeoutMs: number): Promise<Server> {
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), "whq-restart-")),
      SECRET_KEY: "a".repeat(64),
      DATABASE_URL: database.url,
      N8N_BASE: n8n.url,
      N8N_AGENT_SECRET: SECRET,
      OUTBOUND_TIMEOUT_MS: String(outboundTimeoutMs),
      JOB_POLL_INTERVAL_MS: "200",
      JOB_RETRY_BASE_MS: "200",
      PROBE_INTERVAL_MS: "0",
      LOG_LEVEL: "info",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], { env, cwd: process.cwd() });
    const log: string[] = [];
    child.stdout!.on("data", (chunk: Buffer) => log.push(...chunk.toString().split("\n").filter(Boolean)));
    child.stderr!.on("data", (chunk: Buffer) => log.push(...chunk.toString().split("\n").filter(Boolean)));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const server = { child, log, exited };
    servers.push(server);
    for (let i = 0; i < 300 && !log.some((l) => l.includes('"server started"')); i++) await new Promise((r) => setTimeout(r, 100));
    expect(log.some((l) => l.includes('"server started"')), log.join("\n")).toBe(true);
    return server;
  }

  const jobOf = async (id: string) => (await database.db.select().from(agentJobs).where(eq(agentJobs.id, id)))[0]!;
  const deliveriesOf = (id: string) => n8n.deliveries.filter((d) => (d.body as { job_id?: string }).job_id === id);
  async function eventually<T>(read: () => Promise<T> | T, isDone: (v: T) => boolean, ms: number): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (isDone(v)) return v;
      if (Date.now() > end) throw new Error(`not within ${ms} ms: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function dispatch(message: string): Promise<string> {
    const res = await call(t.app, "POST", "/functions/v1/agent-dispatch", { cookie: owner.cookie, body: { org_id: owner.orgId, message } });
    expect(res.status).toBe(200);
    return (res.body as { job_id: string }).job_id;
  }

  // SIGTERM: the call to n8n outlasts the stop's 4.5 s budget, so the job is handed back. SIGKILL:
  // a short call time keeps the job's lease (the call's time + 5 + 10 s) short for the test.
  for (const [signal, outboundTimeoutMs] of [["SIGTERM", 8_000], ["SIGKILL", 1_000]] as const) {
    it(`${signal} mid-delivery: delivered again by the next server, worked once`, async () => {
      // n8n holds its answer until the job has been delivered twice, so both executions claim it.
      const twice = gate();
      n8n.holdAnswersUntil(twice.opened);
      const first = await startProcess(outboundTimeoutMs);
      const id = await dispatch(`Survive ${signal}`);
      await eventually(() => deliveriesOf(id).length, (n) => n === 1, 20_000);
      first.child.kill(signal);
      const code = await first.exited;
      if (signal === "SIGTERM") {
        // A clean stop: the job in hand was handed back, nothing unhandled.
        expect(code).toBe(0);
        expect(first.log.some((l) => l.includes('"jobs handed back at stop"')), first.log.join("\n")).toBe(true);
      }
      expect(first.log.filter((l) => l.includes("unhandled rejection"))).toEqual([]);
      expect((await jobOf(id)).state).toBe("sending");

      const second = await startProcess(outboundTimeoutMs);
      // SIGTERM: handed back, so at once; SIGKILL: once its lease is over (about 16 s here).
      await eventually(() => deliveriesOf(id).length, (n) => n === 2, 40_000);
      twice.open();
      n8n.holdAnswersUntil(null);
      const done = await eventually(() => jobOf(id), (j) => j.state === "done", 20_000);
      expect(done.result).toEqual({ message: `Done: Survive ${signal}` });
      await eventually(() => n8n.claims.filter((c) => c.jobId === id).length, (n) => n === 2, 10_000);
      expect(n8n.claims.filter((c) => c.jobId === id).map((c) => c.status).sort()).toEqual([200, 409]);
      expect(n8n.worked.filter((w) => w === id)).toHaveLength(1);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      expect(second.log.filter((l) => l.includes("unhandled rejection"))).toEqual([]);
    }, 120_000);
  }
});
