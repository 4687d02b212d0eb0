import { createAdaptorServer, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealingConfig, ManualFixResponse, PlatformIssue, PlatformScan } from "@/shared/platform-health";
import { agentJobs, auditLog, devOutbox, healingConfigs, healthScans, memberships, user } from "../../../db/schema";
import type { Change, HubEvent } from "../../../lib/events";
import { freePort } from "../../../testing/free-port";
import { call } from "../../../testing/http";
import { startN8nStandIn, type N8nStandIn } from "../../../testing/n8n-stand-in";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { signedInUser } from "../../../testing/users";
import { orgUser, ownerOtherAndMember, type OrgUser } from "../../../testing/work-fixtures";
import { workersOf } from "../../../workers";
import { slowDatabaseIssue } from "./platform-checks";
import { platformDepsOf } from "./platform-deps";
import { runPlatformScan } from "./run-platform-scan";
import { setSelfOrigin } from "../../../lib/self-origin";
import { until } from "../../../testing/until";

const SECRET = "33".repeat(32);
let t: TestApp;
let n8n: N8nStandIn;
let server: ServerType;
let selfUrl: string;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string };
const heard: Change[] = [];

beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: SECRET });
  t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, JOB_POLL_INTERVAL_MS: "500", OUTBOUND_TIMEOUT_MS: "2000" });
  await t.services.queue.start(workersOf(t.services));
  // The checks call the server over HTTP, as start-server.ts lets them: this app on a port of its own.
  const port = await freePort();
  server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  selfUrl = `http://127.0.0.1:${port}`;
  setSelfOrigin(t.services, selfUrl);
  ({ owner, other, member } = await ownerOtherAndMember(t.app, t.services.database.db, "heal"));
  await t.services.changes.subscribe(owner.orgId, (e: HubEvent) => e.type === "change" && heard.push(e.change));
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
  await n8n?.close();
});

const db = () => t.services.database.db;
const scanVia = async (u: OrgUser) => {
  const res = await u.api("POST", "/health/platform/scans");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { scan: PlatformScan }).scan;
};
const fixVia = (u: OrgUser, scan: PlatformScan, issue: PlatformIssue) => u.api("POST", `/health/platform/scans/${scan.id}/issues/${issue.id}/fix`);
const issueOf = (scan: PlatformScan, code: string) => scan.issues.find((i) => i.code === code)!;
const auditsOf = async (orgId: string, action: string) => db().select().from(auditLog).where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, action)));
const roleOf = async (orgId: string, userId: string) => (await db().select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))))[0]?.role ?? null;

/** A user who can never sign in: no password and no provider account, as an account erasure half-done leaves it. */
async function userWhoCannotSignIn(label: string): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await db().insert(user).values({ id, email, name: label, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  return { id, email };
}

describe("platform self-healing: who may", () => {
  it("answers a member 403 and another organisation's owner 404 on every route", async () => {
    const scan = await scanVia(owner);
    const paths: [string, string, unknown?][] = [
      ["GET", "/health/platform/config"],
      ["PUT", "/health/platform/config", { enabled: false, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 15, version: 0 }],
      ["GET", "/health/platform/scans"],
      ["POST", "/health/platform/scans"],
      ["POST", `/health/platform/scans/${scan.id}/issues/${randomUUID()}/fix`],
      ["POST", `/health/platform/scans/${scan.id}/issues/${randomUUID()}/manual-fix`],
    ];
    for (const [method, path, body] of paths) {
      expect((await call(t.app, method, `${owner.base}${path}`, { cookie: member.cookie, body })).status, `member: ${method} ${path}`).toBe(403);
      expect((await call(t.app, method, `${owner.base}${path}`, { cookie: other.cookie, body })).status, `stranger: ${method} ${path}`).toBe(404);
    }
    // Repairing the platform itself is the operator's: another organisation's owner is refused on their own scan.
    const [platformScan] = await db()
      .insert(healthScans)
      .values({ orgId: other.orgId, kind: "platform", status: "warning", score: 80, issues: [{ id: randomUUID(), code: "function_unanswered", type: "edge_function", severity: "high", description: "The health function did not answer", detected_at: new Date().toISOString(), auto_fixable: true, fix_applied: null, fix_result: null, fixed_at: null, manual_job_id: null, target: "/functions/v1/health" }], finishedAt: new Date() })
      .returning();
    const platformIssue = (platformScan!.issues as PlatformIssue[])[0]!;
    for (const verb of ["fix", "manual-fix"]) {
      const refused = await other.api("POST", `/health/platform/scans/${platformScan!.id}/issues/${platformIssue.id}/${verb}`);
      expect(refused.status, verb).toBe(403);
      expect(refused.body).toMatchObject({ error: { message: "Only an operator of this platform can do this" } });
    }
    expect(await db().select().from(agentJobs).where(eq(agentJobs.orgId, other.orgId))).toEqual([]);
    // Another organisation's scan is not found even by its id.
    const res = await other.api("POST", `/health/platform/scans/${scan.id}/issues/${randomUUID()}/fix`);
    expect(res.status).toBe(404);
  });
});

describe("platform scans", () => {
  it("runs the five timed checks over HTTP and the database: a healthy platform scores 100 %", async () => {
    const scan = await scanVia(owner);
    expect(scan).toMatchObject({ trigger: "manual", status: "healthy", score: 100, issues: [], error: null, alert: false });
    expect(scan.checks.map((c) => c.name)).toEqual(["database", "auth", "server_functions", "performance", "memberships"]);
    for (const check of scan.checks) {
      expect(check.passed, check.detail).toBe(true);
      expect(check.duration_ms).toBeGreaterThanOrEqual(0);
    }
    expect(scan.checks.find((c) => c.name === "server_functions")!.detail).toMatch(/^health: answered 200 in \d+ ms; agent-ready: answered 200 in \d+ ms; release-info: answered 200 in \d+ ms$/);
    expect(scan.checks.find((c) => c.name === "auth")!.detail).toMatch(/get-session answered 200/);
    const list = await owner.api("GET", "/health/platform/scans");
    expect((list.body as { scans: PlatformScan[] }).scans[0]!.id).toBe(scan.id);
    await until(async () => heard.filter((c) => c.entity === "health" && c.id === scan.id).length, (n) => n >= 2);
  });

  it("reports the server unreachable as auth and function issues, re-pings a function only once it answers", async () => {
    const closed = await freePort();
    setSelfOrigin(t.services, `http://127.0.0.1:${closed}`);
    let scan: PlatformScan;
    try {
      scan = await scanVia(owner);
      expect(scan.status).toBe("critical");
      expect(scan.score).toBe(60);
      expect(scan.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual(["auth", "server_functions"]);
      const functions = scan.issues.filter((i) => i.code === "function_unanswered");
      expect(functions.map((i) => [i.type, i.severity, i.auto_fixable, i.target])).toEqual([
        ["edge_function", "high", true, "/functions/v1/health"],
        ["edge_function", "high", true, "/functions/v1/agent-ready"],
        ["edge_function", "high", true, "/functions/v1/release-info"],
      ]);
      expect(issueOf(scan, "auth_unavailable")).toMatchObject({ type: "auth", severity: "critical", auto_fixable: false });
      const stillDown = await fixVia(owner, scan, functions[0]!);
      const after = issueOf((stillDown.body as { scan: PlatformScan }).scan, "function_unanswered");
      expect(after.fix_applied).toBe(false);
      expect(after.fix_result).toMatch(/^Re-pinged health: it still not reachable .*Needs a person/);
    } finally {
      setSelfOrigin(t.services, selfUrl);
    }
    const repinged = (await fixVia(owner, scan, scan.issues.find((i) => i.code === "function_unanswered")!)).body as { scan: PlatformScan };
    const fixed = repinged.scan.issues.find((i) => i.target === "/functions/v1/health")!;
    expect(fixed.fix_applied).toBe(true);
    expect(fixed.fix_result).toMatch(/^Re-pinged health: it answered 200 in \d+ ms$/);
    // The auth issue has no safe repair: an honest report, nothing changed.
    const auth = (await fixVia(owner, scan, issueOf(scan, "auth_unavailable"))).body as { scan: PlatformScan };
    expect(issueOf(auth.scan, "auth_unavailable")).toMatchObject({ fix_applied: false, fix_result: expect.stringMatching(/^Needs a person: /) });
    expect((await auditsOf(owner.orgId, "health.fix_applied")).some((a) => (a.details as { code?: string }).code === "function_unanswered")).toBe(true);
  });

  it("refuses a fix for an issue the scan does not have, and bad ids, without a 500", async () => {
    const scan = await scanVia(owner);
    expect((await fixVia(owner, scan, { id: randomUUID() } as PlatformIssue)).status).toBe(404);
    expect((await owner.api("POST", `/health/platform/scans/not-a-uuid/issues/${randomUUID()}/fix`)).status).toBe(400);
    expect((await owner.api("POST", `/health/platform/scans/${randomUUID()}/issues/${randomUUID()}/manual-fix`)).status).toBe(404);
  });

  it("calls a database round trip over 5000 ms a medium performance issue", () => {
    expect(slowDatabaseIssue(5000)).toBeNull();
    expect(slowDatabaseIssue(5001)).toMatchObject({ type: "performance", severity: "medium", auto_fixable: false, description: "The database took 5001 ms to answer (over 5000 ms)" });
  });

  it("never lets two scans of one organisation run at once", async () => {
    const results = await Promise.all([owner.api("POST", "/health/platform/scans"), owner.api("POST", "/health/platform/scans")]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const list = (await owner.api("GET", "/health/platform/scans")).body as { scans: PlatformScan[] };
    expect(list.scans.filter((s) => s.status === "running")).toEqual([]);
  });
});

describe("membership repairs (this organisation only)", () => {
  it("removes memberships of accounts that cannot sign in, once, even when two fixes race", async () => {
    const o = await orgUser(t.app, db(), "orphans");
    const ghost = await userWhoCannotSignIn("ghost");
    await db().insert(memberships).values({ orgId: o.orgId, userId: ghost.id, role: "member" });
    // Another organisation's ghost is none of this owner's business.
    const elsewhere = await userWhoCannotSignIn("elsewhere");
    await db().insert(memberships).values({ orgId: other.orgId, userId: elsewhere.id, role: "member" });
    const scan = await scanVia(o);
    const issue = issueOf(scan, "members_cannot_sign_in");
    expect(issue).toMatchObject({ type: "membership", severity: "high", auto_fixable: true });
    expect(issue.description).toContain(ghost.email);
    expect(issue.description).not.toContain(elsewhere.email);
    expect(scan.status).toBe("warning");
    const [a, b] = await Promise.all([fixVia(o, scan, issue), fixVia(o, scan, issue)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const fixed = issueOf((a.body as { scan: PlatformScan }).scan, "members_cannot_sign_in");
    expect(fixed).toMatchObject({ fix_applied: true, fix_result: `Removed the membership of ${ghost.email}, whose account cannot sign in` });
    expect((b.body as { scan: PlatformScan }).scan.issues[0]!.fix_result).toBe(fixed.fix_result);
    expect(await roleOf(o.orgId, ghost.id)).toBeNull();
    expect(await roleOf(other.orgId, elsewhere.id)).toBe("member");
    expect(await auditsOf(o.orgId, "health.membership_removed")).toHaveLength(1);
    expect((await auditsOf(o.orgId, "health.fix_applied")).length).toBe(1);
    // The scan's status follows what is still open.
    expect((a.body as { scan: PlatformScan }).scan.status).toBe("healthy");
    // The result is stored in English and said in the reader's language.
    const german = await call(t.app, "GET", `${o.base}/health/platform/scans`, { cookie: o.cookie, headers: { "accept-language": "de" } });
    const read = issueOf((german.body as { scans: PlatformScan[] }).scans[0]!, "members_cannot_sign_in");
    expect(read.fix_result).toBe(`Die Mitgliedschaft von ${ghost.email} wurde entfernt, da sich dieses Konto nicht anmelden kann`);
  });

  it("reports a role it does not know, and leaves it to a person", async () => {
    const o = await orgUser(t.app, db(), "roles");
    const odd = await signedInUser(t.app, db(), "odd");
    await db().insert(memberships).values({ orgId: o.orgId, userId: odd.id, role: "admin" });
    const scan = await scanVia(o);
    const issue = issueOf(scan, "unknown_roles");
    expect(issue).toMatchObject({ severity: "medium", auto_fixable: false });
    expect(issue.description).toContain("(admin)");
    const res = await fixVia(o, scan, issue);
    expect(issueOf((res.body as { scan: PlatformScan }).scan, "unknown_roles")).toMatchObject({ fix_applied: false, fix_result: "Needs a person: an owner must decide which role these members should have" });
    expect(await roleOf(o.orgId, odd.id)).toBe("admin");
  });

  it("promotes the longest-standing member of an organisation left without an owner, once under two racing scans", async () => {
    const o = await orgUser(t.app, db(), "ownerless");
    const first = await signedInUser(t.app, db(), "first");
    const second = await signedInUser(t.app, db(), "second");
    await db().insert(memberships).values({ orgId: o.orgId, userId: first.id, role: "member", createdAt: new Date(Date.now() - 60_000) });
    await db().insert(memberships).values({ orgId: o.orgId, userId: second.id, role: "member" });
    const saved = await o.api("PUT", "/health/platform/config", { enabled: true, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 5, version: 0 });
    expect(saved.status).toBe(200);
    // The owner's membership is removed (a member removal, an account erasure): nobody may call the API now.
    await db().delete(memberships).where(and(eq(memberships.orgId, o.orgId), eq(memberships.userId, o.id)));
    const deps = platformDepsOf(t.services);
    const scans = await Promise.all([runPlatformScan(deps, { orgId: o.orgId, userId: null }, "scheduled"), runPlatformScan(deps, { orgId: o.orgId, userId: null }, "scheduled")]);
    const ran = scans.filter((s): s is PlatformScan => s !== null);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    const issue = issueOf(ran[0]!, "no_owner");
    expect(issue).toMatchObject({ type: "membership", severity: "critical", auto_fixable: true, fix_applied: true });
    expect(issue.fix_result).toBe(`Made ${first.email}, the longest-standing member who can sign in, owner`);
    expect(await roleOf(o.orgId, first.id)).toBe("owner");
    expect(await roleOf(o.orgId, second.id)).toBe("member");
    const promoted = await auditsOf(o.orgId, "health.owner_promoted");
    expect(promoted).toHaveLength(1);
    expect(promoted[0]).toMatchObject({ actorUserId: null, targetId: first.id });
    // A later scan finds an owner and nothing to do.
    const again = await runPlatformScan(deps, { orgId: o.orgId, userId: null }, "scheduled");
    expect(again!.issues).toEqual([]);
  });
});

describe("auto-repair settings", () => {
  it("starts from the spec's defaults, saves versioned, refuses a stale or invalid save", async () => {
    const o = await orgUser(t.app, db(), "config");
    const initial = (await o.api("GET", "/health/platform/config")).body as { config: HealingConfig };
    expect(initial.config).toEqual({ enabled: false, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 15, version: 0, next_scan_at: null, updated_at: null });
    const form = { enabled: true, auto_fix_critical: true, auto_fix_high: true, notification_threshold: "medium", scan_interval: 30, version: 0 };
    expect((await o.api("PUT", "/health/platform/config", { ...form, scan_interval: 10 })).status).toBe(400);
    expect((await o.api("PUT", "/health/platform/config", { ...form, notification_threshold: "urgent" })).status).toBe(400);
    expect((await o.api("PUT", "/health/platform/config", { ...form, version: -1 })).status).toBe(400);
    const before = Date.now();
    const saved = await o.api("PUT", "/health/platform/config", form);
    expect(saved.status).toBe(200);
    const config = (saved.body as { config: HealingConfig }).config;
    expect(config).toMatchObject({ enabled: true, auto_fix_high: true, notification_threshold: "medium", scan_interval: 30, version: 1 });
    const next = new Date(config.next_scan_at!).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
    expect((await o.api("PUT", "/health/platform/config", form)).status).toBe(409);
    // Two saves from the same version: one wins, the other is told to reload.
    const racing = await Promise.all([o.api("PUT", "/health/platform/config", { ...form, version: 1 }), o.api("PUT", "/health/platform/config", { ...form, enabled: false, version: 1 })]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await db().select().from(healingConfigs).where(eq(healingConfigs.orgId, o.orgId));
    expect(row!.version).toBe(2);
    expect(row!.nextScanAt === null).toBe(!row!.enabled);
    expect(await auditsOf(o.orgId, "health.config_updated")).toHaveLength(2);
  });
});

describe("manual fix", () => {
  it("dispatches a signed job for agent system-healer and keeps its id on the issue", async () => {
    const o = await orgUser(t.app, db(), "manual");
    const odd = await signedInUser(t.app, db(), "manual-odd");
    await db().insert(memberships).values({ orgId: o.orgId, userId: odd.id, role: "guest" });
    const scan = await scanVia(o);
    const issue = issueOf(scan, "unknown_roles");
    const res = await o.api("POST", `/health/platform/scans/${scan.id}/issues/${issue.id}/manual-fix`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as ManualFixResponse;
    expect(issueOf(body.scan, "unknown_roles").manual_job_id).toBe(body.job_id);
    const [job] = await db().select().from(agentJobs).where(eq(agentJobs.id, body.job_id));
    expect(job).toMatchObject({ orgId: o.orgId, agentKey: "system-healer", agentId: null, createdBy: o.id });
    expect(job!.context).toMatchObject({ scan_id: scan.id, issue_id: issue.id, code: "unknown_roles" });
    const delivery = await until(
      async () => n8n.deliveries.find((d) => (d.body as { job_id?: string }).job_id === body.job_id),
      (d) => d !== undefined,
    );
    expect(delivery).toMatchObject({ verified: true });
    expect(delivery!.body).toMatchObject({ agent_id: "system-healer", org_id: o.orgId, message: `Manual fix requested: ${issue.description}` });
    expect(await auditsOf(o.orgId, "health.manual_fix_dispatched")).toHaveLength(1);
  });
});

describe("scheduled alerts", () => {
  it("marks a scheduled scan's unfixed issue at the threshold as an alert and mails the owners once", async () => {
    const o = await orgUser(t.app, db(), "alerting");
    const ghost = await userWhoCannotSignIn("alert-ghost");
    await db().insert(memberships).values({ orgId: o.orgId, userId: ghost.id, role: "member" });
    await o.api("PUT", "/health/platform/config", { enabled: true, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 5, version: 0 });
    const { runDueScans, schedulerDepsOf } = await import("./platform-scheduler");
    await db().update(healingConfigs).set({ nextScanAt: new Date(Date.now() - 1000) }).where(eq(healingConfigs.orgId, o.orgId));
    const done = await runDueScans(schedulerDepsOf(t.services));
    const mine = done.find((s) => s.issues.some((i) => i.description.includes(ghost.email)))!;
    expect(mine).toMatchObject({ trigger: "scheduled", alert: true });
    expect(issueOf(mine, "members_cannot_sign_in").fix_applied).toBeNull();
    const ownerEmail = (await db().select({ email: user.email }).from(user).where(eq(user.id, o.id)))[0]!.email;
    const mails = async () => db().select().from(devOutbox).where(eq(devOutbox.to, ownerEmail));
    const sent = await until(mails, (m) => m.some((x) => x.subject.includes("System Issue Detected")));
    expect(sent.filter((m) => m.subject.includes("System Issue Detected"))).toHaveLength(1);
    // The same problem on the next scheduled scan mails nobody again.
    await db().update(healingConfigs).set({ nextScanAt: new Date(Date.now() - 1000) }).where(eq(healingConfigs.orgId, o.orgId));
    await runDueScans(schedulerDepsOf(t.services));
    await new Promise((r) => setTimeout(r, 300));
    expect((await mails()).filter((m) => m.subject.includes("System Issue Detected"))).toHaveLength(1);
  });
});
