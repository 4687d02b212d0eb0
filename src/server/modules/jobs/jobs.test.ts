import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobRow, JobsPage, JobsSummary } from "@/shared/jobs";
import { agentJobs, automations } from "../../db/schema";
import type { Change, HubEvent } from "../../lib/events";
import { signedHeaders } from "../../lib/signing";
import { call } from "../../testing/http";
import { startN8nStandIn, type N8nStandIn } from "../../testing/n8n-stand-in";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { orgUser, ownerOtherAndMember, randomId, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { deliverJob } from "./dispatch-worker";
import { sweepSilentJobs } from "./sweep-silent-jobs";
import { until } from "../../testing/until";
import { gate } from "../../testing/gate";

const SECRET = "11".repeat(32);
const PREVIOUS = "22".repeat(32);
const INBOX = `${TEST_ORIGIN}/functions/v1/agent-inbox`;
const CLAIM = `${TEST_ORIGIN}/functions/v1/agent-claim`;

let n8n: N8nStandIn;
let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };
const heard: Change[] = [];

beforeAll(async () => {
  // n8n's callbacks go straight into the app, as over a socket.
  n8n = await startN8nStandIn({ secret: SECRET, fetchApp: async (url, init) => t.app.request(url, init, { incoming: { socket: { remoteAddress: "127.0.0.9" } } }) });
  t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, N8N_AGENT_SECRET_PREVIOUS: PREVIOUS, JOB_RETRY_BASE_MS: "20", JOB_POLL_INTERVAL_MS: "500", OUTBOUND_TIMEOUT_MS: "2000" });
  await t.services.queue.start(workersOf(t.services));
  const db = t.services.database.db;
  ({ owner, other, member } = await ownerOtherAndMember(t.app, db, "jobs"));
  await t.services.changes.subscribe(owner.orgId, (e: HubEvent) => e.type === "change" && heard.push(e.change));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await n8n?.close();
});

const dispatch = (u: { cookie: string }, body: Record<string, unknown>) => call(t.app, "POST", "/functions/v1/agent-dispatch", { cookie: u.cookie, body });
const jobOf = async (id: string) => (await t.services.database.db.select().from(agentJobs).where(eq(agentJobs.id, id)))[0]!;
const deliveriesOf = (id: string) => n8n.deliveries.filter((d) => (d.body as { job_id?: string } | null)?.job_id === id);

async function dispatched(message: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await dispatch(owner, { org_id: owner.orgId, message, context: { from: "test" }, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { ok: boolean; error: null; job_id: string };
  expect(body).toMatchObject({ ok: true, error: null });
  return body.job_id;
}

/** The starter's answer to a job it took, with no claim and no report after it. */
const takenWithoutCallingBack = (d: { body: unknown }) => ({ status: 200, json: { accepted: true, job_id: (d.body as { job_id: string }).job_id } });

/** A signed call to agent-claim, as the starter's "Claim the job" node makes it. */
function claim(body: Record<string, unknown>, options: { secret?: string; id?: string } = {}) {
  const raw = JSON.stringify(body);
  return call(t.app, "POST", "/functions/v1/agent-claim", { body: raw, headers: signedHeaders(options.secret ?? SECRET, options.id ?? String(body.job_id), raw, new Date()) });
}

/** A report as n8n sends it: signed over the exact body, by `secret`, at `at`. */
function report(body: Record<string, unknown>, options: { secret?: string; at?: Date; id?: string } = {}) {
  const raw = JSON.stringify(body);
  const headers = signedHeaders(options.secret ?? SECRET, options.id ?? String(body.job_id), raw, options.at ?? new Date());
  return call(t.app, "POST", "/functions/v1/agent-inbox", { body: raw, headers });
}

describe("agent jobs between us and n8n", () => {
  it("round trip: dispatch, a verified delivery, n8n's signed callback, the job done and its change published", async () => {
    const id = await dispatched("Check the site");
    const job = await until(() => jobOf(id), (j) => j.state === "done");
    expect(job).toMatchObject({ state: "done", attempts: 1, lastError: null, result: { message: "Done: Check the site" }, orgId: owner.orgId });
    expect(job.sentAt).toBeInstanceOf(Date);
    expect(job.finishedAt).toBeInstanceOf(Date);
    const [delivery, ...more] = deliveriesOf(id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ path: "we-love-hq-agent", verified: true });
    expect(delivery!.body).toEqual({ job_id: id, org_id: owner.orgId, project_id: null, agent_id: null, message: "Check the site", context: { from: "test" }, callback_url: INBOX, claim_url: CLAIM });
    expect(n8n.worked.filter((w) => w === id)).toHaveLength(1);
    expect(job.claimedAt).toBeInstanceOf(Date);
    expect(delivery!.headers["x-wlhq-job-id"]).toBe(id);
    await until(async () => heard.filter((c) => c.id === id).length, (n) => n >= 2);
    const kinds = heard.filter((c) => c.id === id).map(({ entity, action, org_id }) => ({ entity, action, org_id }));
    expect(kinds).toEqual(expect.arrayContaining([{ entity: "job", action: "created", org_id: owner.orgId }, { entity: "job", action: "updated", org_id: owner.orgId }]));
  });

  it("sends to the organisation's agent's own webhook path, and keeps a built-in agent's key", async () => {
    const [agent] = await t.services.database.db.insert(automations).values({ orgId: owner.orgId, name: "Agent", trigger: "agent", configJson: { webhook_path: "/my-agent" } }).returning();
    try {
      const id = await dispatched("Auto-fix project issue: slow page", { agent_id: "project-healer" });
      await until(() => jobOf(id), (j) => j.state === "done");
      expect(deliveriesOf(id).map((d) => d.path)).toEqual(["my-agent"]);
      expect(await jobOf(id)).toMatchObject({ agentKey: "project-healer", agentId: null });
      const byId = await dispatched("Hello agent", { agent_id: agent!.id });
      await until(() => jobOf(byId), (j) => j.state === "done");
      expect(await jobOf(byId)).toMatchObject({ agentId: agent!.id, agentKey: null });
    } finally {
      await t.services.database.db.delete(automations).where(eq(automations.id, agent!.id));
    }
  });

  it("n8n down, then up: tried again with backoff, delivered exactly once, every try counted", async () => {
    n8n.setDown(true);
    const id = await dispatched("While n8n restarts");
    // Two tries refused and settled: waiting for the next one.
    const failing = await until(() => jobOf(id), (j) => j.attempts >= 2 && j.lastError === "n8n answered 503");
    expect(failing).toMatchObject({ lastError: "n8n answered 503", sentAt: null });
    expect(["queued", "sending"]).toContain(failing.state);
    expect(deliveriesOf(id)).toEqual([]);
    n8n.setDown(false);
    const job = await until(() => jobOf(id), (j) => j.state === "done");
    expect(job.state).toBe("done");
    expect(job.attempts).toBeGreaterThanOrEqual(Math.max(2, failing.state === "queued" ? failing.attempts + 1 : failing.attempts));
    expect(job.lastError).toBeNull();
    expect(deliveriesOf(id)).toHaveLength(1);
  });

  it("gives up after five tries with the last error kept", async () => {
    n8n.respondWith((d) => ((d.body as { message?: string }).message === "Never accepted" ? { status: 500, json: { message: "boom" } } : undefined));
    try {
      const id = await dispatched("Never accepted");
      const job = await until(() => jobOf(id), (j) => j.state === "failed");
      expect(job).toMatchObject({ state: "failed", attempts: 5, lastError: "n8n answered 500" });
      expect(job.finishedAt).toBeInstanceOf(Date);
      expect(deliveriesOf(id)).toHaveLength(5);
    } finally {
      n8n.respondWith(null);
    }
  });

  it("a late try finds a finished job and leaves it alone", async () => {
    n8n.respondWith(takenWithoutCallingBack);
    let id = "";
    try {
      id = await dispatched("Finished elsewhere");
      await until(() => jobOf(id), (j) => j.state === "sent");
    } finally {
      n8n.respondWith(null);
    }
    expect((await report({ job_id: id, org_id: owner.orgId, status: "failed", error: "n8n gave up" })).status).toBe(200);
    const before = await jobOf(id);
    const { database, env, queue, clock, logger } = t.services;
    await deliverJob({ db: database.db, env, queue, now: clock.now, logger }, id);
    expect(await jobOf(id)).toEqual(before);
    expect(before).toMatchObject({ state: "failed", lastError: "n8n gave up" });
    expect(deliveriesOf(id)).toHaveLength(1);
  });
});

describe("honest delivery, one effect per job", () => {
  it("does not count n8n's 200 with an empty body (a Code node threw) as taken: the job waits for its next try, saying why", async () => {
    n8n.respondWith(() => ({ status: 200 }));
    try {
      const id = await dispatched("Empty answer");
      const job = await until(() => jobOf(id), (j) => j.attempts >= 1 && j.state === "queued");
      expect(job.lastError).toBe("n8n answered 200 without taking the job: the workflow failed before its answer or is not the current starter workflow (see its executions in n8n)");
      expect(job.sentAt).toBeNull();
    } finally {
      n8n.respondWith(null);
    }
  });

  it("shows the reason the starter gives when it refuses the signature", async () => {
    n8n.respondWith(() => ({ status: 401, json: { accepted: false, reason: "the signature does not match" } }));
    try {
      const id = await dispatched("Wrong secret");
      const job = await until(() => jobOf(id), (j) => j.attempts >= 1 && j.state === "queued");
      expect(job.lastError).toBe("n8n refused the signature (the signature does not match): check N8N_AGENT_SECRET");
      // Said in the reader's language on the jobs list.
      const page = (await call(t.app, "GET", `${owner.base}/jobs`, { cookie: owner.cookie, headers: { "accept-language": "de" } })).body as JobsPage;
      expect(page.jobs.find((j) => j.id === id)?.last_error).toBe("n8n hat die Signatur abgelehnt (the signature does not match): Prüfen Sie N8N_AGENT_SECRET");
    } finally {
      n8n.respondWith(null);
    }
  });

  it("a job delivered twice (n8n answered after our time limit) is worked once: the second claim is refused", async () => {
    // n8n holds its answers until the job has come twice: the first try times out (2 s), the second
    // is sent, then both executions answer and claim, in whichever order.
    const twice = gate();
    n8n.holdAnswersUntil(twice.opened);
    try {
      const id = await dispatched("Slow n8n");
      await until(async () => deliveriesOf(id).length, (n) => n >= 2, 20_000);
      twice.open();
      const job = await until(() => jobOf(id), (j) => j.state === "done", 20_000);
      expect(job.state).toBe("done");
      await until(async () => n8n.claims.filter((c) => c.jobId === id).length, (n) => n >= 2, 10_000);
      expect(n8n.claims.filter((c) => c.jobId === id).map((c) => c.status).sort()).toEqual([200, 409]);
      expect(n8n.worked.filter((w) => w === id)).toHaveLength(1);
      expect(deliveriesOf(id)).toHaveLength(2);
    } finally {
      n8n.holdAnswersUntil(null);
    }
  }, 45_000);

  it("agent-claim: the first claim wins, a second is 409, another organisation's or an unknown job is 404, an unsigned one 401", async () => {
    n8n.respondWith(takenWithoutCallingBack);
    let id = "";
    try {
      id = await dispatched("Claim me");
      await until(() => jobOf(id), (j) => j.state === "sent");
    } finally {
      n8n.respondWith(null);
    }
    expect((await call(t.app, "POST", "/functions/v1/agent-claim", { body: { job_id: id, org_id: owner.orgId } })).status).toBe(401);
    expect((await claim({ job_id: id, org_id: other.orgId })).status).toBe(404);
    expect((await claim({ job_id: randomId(), org_id: owner.orgId })).status).toBe(404);
    expect(await claim({ job_id: id, org_id: owner.orgId })).toMatchObject({ status: 200, body: { claimed: true, job_id: id } });
    expect(await claim({ job_id: id, org_id: owner.orgId })).toMatchObject({ status: 409, body: { claimed: false, job_id: id, code: "already_claimed" } });
    expect((await jobOf(id)).claimedAt).toBeInstanceOf(Date);
  });

  it("a sent job with no report is sent again after the report time, and failed once n8n had claimed it", async () => {
    n8n.respondWith(takenWithoutCallingBack);
    const ids: string[] = [];
    try {
      ids.push(await dispatched("Silent, unclaimed"), await dispatched("Silent, claimed"));
      for (const id of ids) await until(() => jobOf(id), (j) => j.state === "sent");
    } finally {
      n8n.respondWith(null);
    }
    expect((await claim({ job_id: ids[1], org_id: owner.orgId })).status).toBe(200);
    const later = () => new Date(Date.now() + 11 * 60_000);
    const swept = await sweepSilentJobs({ db: t.services.database.db, queue: t.services.queue, now: later, reportTimeoutMs: 10 * 60_000 });
    expect(swept.retried).toBeGreaterThanOrEqual(1);
    expect(swept.failed).toBeGreaterThanOrEqual(1);
    expect(await jobOf(ids[1]!)).toMatchObject({ state: "failed", lastError: "n8n took the job but sent no report within 10 min" });
    // The unclaimed one went out again, and this time the stand-in claimed, worked and reported.
    const retried = await until(() => jobOf(ids[0]!), (j) => j.state === "done");
    expect(retried).toMatchObject({ state: "done", attempts: 2 });
    expect(deliveriesOf(ids[0]!)).toHaveLength(2);
  });
});

describe("agent-inbox", () => {
  let jobId: string;
  beforeAll(async () => {
    // A job n8n accepts without calling back, so the test reports on it.
    n8n.respondWith(takenWithoutCallingBack);
    jobId = await dispatched("Waiting for a report");
    await until(() => jobOf(jobId), (j) => j.state === "sent");
    n8n.respondWith(null);
  }, 30_000);

  it("refuses a missing or wrong signature, and a stale one, with 401", async () => {
    const body = { job_id: jobId, org_id: owner.orgId, status: "done" };
    const unsigned = await call(t.app, "POST", "/functions/v1/agent-inbox", { body });
    expect(unsigned.status).toBe(401);
    expect((await report(body, { secret: "33".repeat(32) })).status).toBe(401);
    const stale = await report(body, { at: new Date(Date.now() - 301_000) });
    expect(stale.status).toBe(401);
    expect(JSON.stringify(stale.body)).toContain("5 minutes");
    expect((await report(body, { id: randomId() })).status).toBe(401);
    expect((await jobOf(jobId)).state).toBe("sent");
  });

  it("refuses another organisation's job and an unknown one alike, with 404", async () => {
    const theirs = await report({ job_id: jobId, org_id: other.orgId, status: "done" });
    const unknown = await report({ job_id: randomId(), org_id: owner.orgId, status: "done" });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect((theirs.body as { error: { message: string } }).error.message).toBe((unknown.body as { error: { message: string } }).error.message);
    expect((await jobOf(jobId)).state).toBe("sent");
  });

  it("takes the previous secret while n8n rotates, then ignores a replay (200, unchanged)", async () => {
    const first = await report({ job_id: jobId, org_id: owner.orgId, status: "done", result: { answer: 42 } }, { secret: PREVIOUS });
    expect(first).toMatchObject({ status: 200, body: { ok: true, duplicate: false } });
    const done = await jobOf(jobId);
    expect(done).toMatchObject({ state: "done", result: { answer: 42 } });
    const replay = await report({ job_id: jobId, org_id: owner.orgId, status: "failed", error: "again" });
    expect(replay).toMatchObject({ status: 200, body: { ok: true, duplicate: true } });
    expect(await jobOf(jobId)).toEqual(done);
  });

  it("answers 400 to a signed body that is not a report", async () => {
    const res = await report({ job_id: jobId, org_id: owner.orgId, status: "maybe" });
    expect(res.status).toBe(400);
    // Signed, but not JSON at all.
    const raw = `{"job_id":"${jobId}",`;
    const malformed = await call(t.app, "POST", "/functions/v1/agent-inbox", { body: raw, headers: signedHeaders(SECRET, jobId, raw, new Date()) });
    expect(malformed.status).toBe(400);
  });
});

describe("agent-dispatch access", () => {
  it("refuses a member (403), a stranger (404) and no session (401), and writes nothing", async () => {
    const before = (await t.services.database.db.select().from(agentJobs).where(eq(agentJobs.orgId, owner.orgId))).length;
    expect((await dispatch(member, { org_id: owner.orgId, message: "hi" })).status).toBe(403);
    expect((await dispatch(other, { org_id: owner.orgId, message: "hi" })).status).toBe(404);
    expect((await call(t.app, "POST", "/functions/v1/agent-dispatch", { body: { org_id: owner.orgId, message: "hi" } })).status).toBe(401);
    expect((await t.services.database.db.select().from(agentJobs).where(eq(agentJobs.orgId, owner.orgId))).length).toBe(before);
  });

  it("refuses another organisation's agent and project, and bad input", async () => {
    const [theirs] = await t.services.database.db.insert(automations).values({ orgId: other.orgId, name: "Theirs", trigger: "agent" }).returning();
    expect((await dispatch(owner, { org_id: owner.orgId, message: "hi", agent_id: theirs!.id })).status).toBe(404);
    expect((await dispatch(owner, { org_id: owner.orgId, message: "hi", project_id: randomId() })).status).toBe(400);
    expect((await dispatch(owner, { org_id: owner.orgId, message: "" })).status).toBe(400);
    expect((await dispatch(owner, { org_id: "nope", message: "hi" })).status).toBe(400);
  });
});

describe("jobs list and summary", () => {
  it("lists the organisation's own jobs newest first, filters by state, and counts today", async () => {
    const ownId = await dispatched("x".repeat(300));
    const page = (await owner.api("GET", "/jobs")).body as JobsPage;
    expect(page.jobs[0]).toMatchObject({ id: ownId, agent_key: null, kind: "dispatch", state: expect.any(String), created_at: expect.any(String) });
    expect(page.jobs[0]!.message).toHaveLength(200);
    const times = page.jobs.map((j) => j.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = (await owner.api("GET", "/jobs?state=failed")).body as JobsPage;
    expect(failed.jobs.length).toBeGreaterThan(0);
    expect(failed.jobs.every((j: JobRow) => j.state === "failed")).toBe(true);
    const theirs = (await other.api("GET", "/jobs")).body as JobsPage;
    expect(theirs.jobs.map((j) => j.id)).not.toContain(ownId);
    const summary = (await owner.api("GET", "/jobs/summary")).body as JobsSummary;
    expect(summary.today.failed).toBeGreaterThanOrEqual(1);
    expect(summary.today.done).toBeGreaterThanOrEqual(1);
    expect(summary.last_run_at).toBe(page.jobs[0]!.created_at);
    expect((await other.api("GET", "/jobs/summary")).body).toEqual({ today: { queued: 0, sent: 0, done: 0, failed: 0 }, last_run_at: null, last_state: null });
  });

  it("pages by cursor without repeating or skipping rows, even when jobs share an instant or arrive between pages", async () => {
    const pager = await orgUser(t.app, t.services.database.db, "jobs-pager");
    const at = new Date("2026-11-20T10:00:00.000Z");
    // 30 jobs in one instant and 25 a second apart: the id breaks the ties.
    const rows = Array.from({ length: 55 }, (_, i) => ({ orgId: pager.orgId, message: `job ${i}`, state: i % 2 ? "done" : "failed", createdAt: i < 30 ? at : new Date(at.getTime() - (i - 29) * 1000) }));
    await t.services.database.db.insert(agentJobs).values(rows);
    const first = (await pager.api("GET", "/jobs")).body as JobsPage;
    expect(first.jobs).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    // A job arriving now would shift an offset page by one; the cursor is unmoved by it.
    await t.services.database.db.insert(agentJobs).values({ orgId: pager.orgId, message: "late", state: "queued" });
    const second = (await pager.api("GET", `/jobs?cursor=${first.next_cursor}`)).body as JobsPage;
    expect(second.next_cursor).toBeNull();
    const ids = [...first.jobs, ...second.jobs].map((j) => j.id);
    expect(ids).toHaveLength(55);
    expect(new Set(ids).size).toBe(55);
    expect([...first.jobs, ...second.jobs].map((j) => j.message)).not.toContain("late");
    const failed = (await pager.api("GET", "/jobs?state=failed")).body as JobsPage;
    expect(failed.jobs).toHaveLength(28);
    expect(failed.next_cursor).toBeNull();
    expect((await pager.api("GET", "/jobs?cursor=not-a-cursor")).status).toBe(400);
  });

  it("is refused to a member (403) and to another organisation (404); bad filters are 400", async () => {
    expect((await call(t.app, "GET", `${owner.base}/jobs`, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "GET", `${owner.base}/jobs/summary`, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "GET", `${owner.base}/jobs`, { cookie: other.cookie })).status).toBe(404);
    expect((await owner.api("GET", "/jobs?state=lost")).status).toBe(400);
  });

  it("public health says up or down, and no job figures of the platform's", async () => {
    const res = await call(t.app, "GET", "/functions/v1/health");
    expect(res.body).toMatchObject({ ok: true, db: true });
    expect(res.body).not.toHaveProperty("jobs");
  });
});

describe("agent-ready and the starter workflow", () => {
  it("says what is set without showing it", async () => {
    const res = await call(t.app, "POST", "/functions/v1/agent-ready");
    expect(res.body).toMatchObject({ ok: true, n8n_base_set: true, hmac_set: true, timestamp: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(JSON.stringify(res.body)).not.toContain(n8n.url);
  });

  it("serves the starter workflow for a webhook path, with no secret in it", async () => {
    const res = await call(t.app, "GET", "/functions/v1/starter-workflow?webhook_path=/my-agent");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const workflow = res.body as { nodes: { type: string; parameters: { path?: string } }[] };
    expect(workflow.nodes.find((n) => n.type === "n8n-nodes-base.webhook")?.parameters.path).toBe("my-agent");
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect((await call(t.app, "GET", "/functions/v1/starter-workflow?webhook_path=../etc")).status).toBe(400);
  });
});

describe("without n8n configured", () => {
  let bare: TestApp;
  let u: OrgUser;
  beforeAll(async () => {
    bare = await createTestApp({ JOB_POLL_INTERVAL_MS: "500" });
    await bare.services.queue.start(workersOf(bare.services));
    u = await orgUser(bare.app, bare.services.database.db, "jobs-bare");
  }, 60_000);
  afterAll(async () => bare?.close());

  it("still queues the job, which fails at once saying why; agent-ready says so", async () => {
    const res = await call(bare.app, "POST", "/functions/v1/agent-dispatch", { cookie: u.cookie, body: { org_id: u.orgId, message: "hi" } });
    expect(res.status).toBe(200);
    const id = (res.body as { job_id: string }).job_id;
    const read = async () => (await bare.services.database.db.select().from(agentJobs).where(eq(agentJobs.id, id)))[0]!;
    const job = await until(read, (j) => j.state === "failed");
    expect(job).toMatchObject({ state: "failed", attempts: 1, lastError: "N8N_BASE is not configured" });
    expect((await call(bare.app, "GET", "/functions/v1/agent-ready")).body).toMatchObject({ ok: false, n8n_base_set: false, hmac_set: false });
    expect((await call(bare.app, "POST", "/functions/v1/agent-inbox", { body: { job_id: id, org_id: u.orgId, status: "done" } })).status).toBe(401);
  });
});
