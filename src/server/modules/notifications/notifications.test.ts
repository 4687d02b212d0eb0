import { createAdaptorServer, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentJobs, devOutbox, healingConfigs, memberships, user } from "../../db/schema";
import { setSelfOrigin } from "../../lib/self-origin";
import { signedHeaders } from "../../lib/signing";
import { freePort } from "../../testing/free-port";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { GOOD_PASSWORD, latestLink, signedInUser } from "../../testing/users";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";
import { runDueScans, schedulerDepsOf } from "../health/platform/platform-scheduler";
import { workersOf } from "../../workers";
import { DISPATCH_QUEUE } from "../jobs/dispatch-agent-job";
import { wantsMail } from "./wants-mail";

const SECRET = "44".repeat(32);
let t: TestApp;
let server: ServerType;
beforeAll(async () => {
  t = await createTestApp({ N8N_AGENT_SECRET: SECRET, LIMIT_WRITES_PER_MINUTE: "100000", OUTBOUND_TIMEOUT_MS: "2000" });
  // The platform scan's checks call the server over HTTP: this app on a port of its own.
  const port = await freePort();
  server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  setSelfOrigin(t.services, `http://127.0.0.1:${port}`);
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

const db = () => t.services.database.db;
const allOn = { job_failed: true, scan_critical: true, invitation_accepted: true, task_assigned: true, task_mentioned: true, task_commented: true, task_due_soon: true };
const prefs = (cookie: string, method = "GET", body?: unknown) => call(t.app, method, "/api/v1/me/notification-preferences", { cookie, body });
const emailOf = async (userId: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;
const mailsTo = async (email: string) => db().select().from(devOutbox).where(eq(devOutbox.to, email));

describe("notification preferences", () => {
  it("are on by default, saved per event and per user, and refuse bad input", async () => {
    const me = await signedInUser(t.app, db(), "prefs");
    const other = await signedInUser(t.app, db(), "prefs-other");
    expect((await prefs(me.cookie)).body).toEqual({ preferences: { ...allOn } });
    const saved = await prefs(me.cookie, "PUT", { scan_critical: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ preferences: { ...allOn, scan_critical: false } });
    await prefs(me.cookie, "PUT", { job_failed: false, scan_critical: true });
    expect((await prefs(me.cookie)).body).toEqual({ preferences: { ...allOn, job_failed: false } });
    expect((await prefs(other.cookie)).body).toEqual({ preferences: { ...allOn } });
    expect(await wantsMail(db(), me.id, "job_failed")).toBe(false);
    expect(await wantsMail(db(), other.id, "job_failed")).toBe(true);

    expect((await prefs(me.cookie, "PUT", { job_failed: "yes" })).status).toBe(400);
    expect((await prefs(me.cookie, "PUT", { birthday: true })).status).toBe(400);
    expect((await prefs(me.cookie, "PUT", "[")).status).toBe(400);
    expect((await prefs("", "GET")).status).toBe(401);
    expect((await prefs("", "PUT", { job_failed: true })).status).toBe(401);
  });
});

describe("honoured by the server", () => {
  /** Invites an address, signs it up, accepts: the inviter may get a "joined" mail. */
  async function inviteAndAccept(owner: OrgUser, label: string) {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
    expect((await owner.api("POST", "/invitations", { email, role: "member" })).status).toBe(201);
    const token = new URLSearchParams(new URL(await latestLink(db(), email)).hash.slice(1)).get("token")!;
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Newcomer", callbackURL: "/" } });
    const verify = new URL(await latestLink(db(), email));
    await call(t.app, "GET", verify.pathname + verify.search);
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
    expect((await call(t.app, "POST", "/api/v1/invitations/accept", { cookie: signIn.cookie, body: { token } })).status).toBe(200);
  }
  const joinedMails = async (owner: OrgUser) => (await mailsTo(await emailOf(owner.id))).filter((m) => m.subject.startsWith("“Newcomer” joined "));

  it("invitation accepted: mails the inviter, unless they turned it off", async () => {
    const wants = await orgUser(t.app, db(), "notify-inv-on");
    await inviteAndAccept(wants, "joiner-a");
    expect(await joinedMails(wants)).toHaveLength(1);
    const optedOut = await orgUser(t.app, db(), "notify-inv-off");
    await prefs(optedOut.cookie, "PUT", { invitation_accepted: false });
    await inviteAndAccept(optedOut, "joiner-b");
    expect(await joinedMails(optedOut)).toHaveLength(0);
  });

  it("job failed: mails the user who started it, unless they turned it off", async () => {
    const fail = async (u: OrgUser, message: string) => {
      const [job] = await db().insert(agentJobs).values({ orgId: u.orgId, message, state: "sent", createdBy: u.id, sentAt: new Date() }).returning({ id: agentJobs.id });
      const raw = JSON.stringify({ job_id: job!.id, org_id: u.orgId, status: "failed", error: "n8n workflow crashed" });
      const res = await call(t.app, "POST", "/functions/v1/agent-inbox", { body: raw, headers: signedHeaders(SECRET, job!.id, raw, new Date()) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const failedMails = async (u: OrgUser) => (await mailsTo(await emailOf(u.id))).filter((m) => m.subject.includes("an agent job failed"));
    const wants = await orgUser(t.app, db(), "notify-job-on");
    await fail(wants, "Summarise the week");
    const mails = await failedMails(wants);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Summarise the week");
    expect(mails[0]!.text).toContain("n8n workflow crashed");
    const optedOut = await orgUser(t.app, db(), "notify-job-off");
    await prefs(optedOut.cookie, "PUT", { job_failed: false });
    await fail(optedOut, "Another job");
    expect(await failedMails(optedOut)).toHaveLength(0);
  });

  it("job failed: a job the dispatch worker gives up on mails its starter too", async () => {
    // This app has no N8N_BASE: delivery cannot help, so the worker fails the job at once.
    await t.services.queue.start([]);
    const dispatch = workersOf(t.services).find((w) => w.queue === DISPATCH_QUEUE)!;
    const u = await orgUser(t.app, db(), "notify-job-worker");
    const [job] = await db().insert(agentJobs).values({ orgId: u.orgId, message: "Never delivered", createdBy: u.id }).returning({ id: agentJobs.id });
    await dispatch.handle({ id: "notify-test", data: { job_id: job!.id }, attempt: 1, signal: new AbortController().signal });
    expect((await db().select({ state: agentJobs.state }).from(agentJobs).where(eq(agentJobs.id, job!.id)))[0]!.state).toBe("failed");
    const mails = (await mailsTo(await emailOf(u.id))).filter((m) => m.subject.includes("an agent job failed"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("N8N_BASE is not configured");
  });

  it("scan found critical issues: the alert mail skips an owner who turned it off", async () => {
    const wants = await orgUser(t.app, db(), "notify-scan-on");
    const optedOut = await signedInUser(t.app, db(), "notify-scan-off");
    await db().insert(memberships).values({ orgId: wants.orgId, userId: optedOut.id, role: "owner" });
    await prefs(optedOut.cookie, "PUT", { scan_critical: false });
    // A member who can never sign in: an issue the scan reports at the alert threshold.
    const ghostId = randomUUID();
    await db().insert(user).values({ id: ghostId, email: `ghost-${ghostId.slice(0, 8)}@example.test`, name: "ghost", emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
    await db().insert(memberships).values({ orgId: wants.orgId, userId: ghostId, role: "member" });
    const config = await wants.api("PUT", "/health/platform/config", { enabled: true, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 5, version: 0 });
    expect(config.status, JSON.stringify(config.body)).toBe(200);
    await db().update(healingConfigs).set({ nextScanAt: new Date(Date.now() - 1000) }).where(eq(healingConfigs.orgId, wants.orgId));
    const done = await runDueScans(schedulerDepsOf(t.services));
    expect(done.some((s) => s.alert)).toBe(true);
    const alerts = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.includes("System Issue Detected"));
    expect(await alerts(await emailOf(wants.id))).toHaveLength(1);
    expect(await alerts(optedOut.email)).toHaveLength(0);
    expect(await db().select().from(memberships).where(and(eq(memberships.orgId, wants.orgId), eq(memberships.userId, optedOut.id)))).toHaveLength(1);
  });
});
