import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProjectAutoFixResponse, ProjectHealthReport } from "@/shared/project-health";
import { agentJobs, healthScans, projects } from "../../db/schema";
import { loadEnv } from "../../env";
import { call } from "../../testing/http";
import { startN8nStandIn, type N8nStandIn } from "../../testing/n8n-stand-in";
import { startSiteFixture, type SiteFixture } from "../../testing/site-fixtures";
import { CLEAN_HEADERS, page } from "../../testing/site-pages";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createTaskVia, field, ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { until } from "../../testing/until";

// The project self-healing API: analysis stored per project, owners only, Auto-Fix through n8n.
const SECRET = "33".repeat(32);
const DAY = 86_400_000;
let t: TestApp;
let n8n: N8nStandIn;
let site: SiteFixture;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };
let planeId: string;

beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: SECRET });
  site = await startSiteFixture({ "/": { body: page({ description: "" }), headers: CLEAN_HEADERS } });
  t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, PROJECT_SCAN_ALLOW_LOOPBACK: "1", JOB_POLL_INTERVAL_MS: "500" });
  await t.services.queue.start(workersOf(t.services));
  ({ owner, other, member } = await ownerOtherAndMember(t.app, t.services.database.db, "heal"));
  planeId = await createPlaneVia(owner, "Sites");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await n8n?.close();
  await site?.close();
});

// The per-minute cap counts every analysis: each test starts from none, so their order does not matter.
beforeEach(async () => {
  await t.services.database.db.delete(healthScans).where(eq(healthScans.orgId, owner.orgId));
});

const project = async (name: string, website_url: string | null = null) => field<{ id: string }>(await owner.api("POST", "/projects", { plane_id: planeId, name, website_url }), "project").id;
const analyse = async (projectId: string, u: OrgUser = owner) => u.api("POST", `/project-health/${projectId}/analyze`);
const reportOf = async (projectId: string) => field<ProjectHealthReport>(await analyse(projectId), "report");
const latest = async (projectId: string) => field<ProjectHealthReport | null>(await owner.api("GET", `/project-health/${projectId}`), "report");
const fix = (r: ProjectHealthReport, issueId: string) => owner.api("POST", `/project-health/${r.project_id}/issues/${issueId}/fix`);

describe("project analysis", () => {
  it("checks a project without a website honestly: an info issue saying so, never a pass, kept for a reload", async () => {
    const id = await project("No site yet");
    expect(await latest(id)).toBeNull();
    const report = await reportOf(id);
    expect(report).toMatchObject({ project_id: id, project_name: "No site yet", website_url: null, status: "warning" });
    expect(report.issues).toMatchObject([{ type: "deploy", severity: "info", auto_fixable: false, fix_suggestion: "Add the website URL in the project settings", fix_job_id: null }]);
    expect(await latest(id)).toEqual(report);
  });

  it("fetches the project's website and stores what it found", async () => {
    const id = await project("Shop", `${site.url}/`);
    const report = await reportOf(id);
    expect(report.issues.map((i) => i.check).sort()).toEqual(["security.no_https", "seo.meta_description"]);
    expect(report.status).toBe("warning");
    expect(site.hits.at(-1)?.headers["user-agent"]).toMatch(/^WeLoveHQ-ProjectHealth/);
    expect((await latest(id))?.scan_id).toBe(report.scan_id);
  });

  it("refuses private websites other than the test's 127.0.0.1, even with the test setting on", async () => {
    for (const url of ["http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://127.0.0.2/"]) {
      // The project form wants a dotted name, so [::1] is written straight into the row.
      const id = await project(`Inside ${url}`);
      await t.services.database.db.update(projects).set({ websiteUrl: url }).where(eq(projects.id, id));
      const report = await reportOf(id);
      expect(report.issues, url).toMatchObject([{ check: "deploy.blocked" }]);
    }
  });

  it("finds overdue tasks and a project with no activity in 30 days by the server's clock", async () => {
    const id = await project("Quiet");
    await createTaskVia(owner, id, "Late one", { due_at: new Date(Date.now() - 2 * DAY).toISOString() });
    const done = await createTaskVia(owner, id, "Done late", { due_at: new Date(Date.now() - 2 * DAY).toISOString() });
    expect((await owner.api("PATCH", `/tasks/${done}`, { status: "done" })).status).toBe(200);
    await createTaskVia(owner, id, "Later", { due_at: new Date(Date.now() + 60 * DAY).toISOString() });
    const now = await reportOf(id);
    expect(now.issues.filter((i) => i.type === "work")).toMatchObject([{ check: "work.overdue", severity: "medium", description: "1 task is overdue by 2 days" }]);
    const real = t.services.clock.now;
    t.services.clock.now = () => new Date(Date.now() + 40 * DAY);
    try {
      const later = await reportOf(id);
      expect(later.issues.filter((i) => i.type === "work").map((i) => [i.check, i.severity])).toEqual([
        ["work.overdue", "high"],
        ["work.stale", "low"],
      ]);
    } finally {
      t.services.clock.now = real;
    }
  });

  it("runs one analysis per project at a time and caps an organisation's analyses per minute", async () => {
    const id = await project("Busy");
    const db = t.services.database.db;
    const [running] = await db.insert(healthScans).values({ orgId: owner.orgId, kind: "project", projectId: id, status: "running" }).returning();
    expect((await analyse(id)).status).toBe(409);
    // One cut off by a restart long ago no longer blocks.
    await db.update(healthScans).set({ startedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(healthScans.id, running!.id));
    expect((await analyse(id)).status).toBe(200);
    const recent = await db.select().from(healthScans).where(and(eq(healthScans.orgId, owner.orgId)));
    const more = Math.max(0, 10 - recent.filter((s) => Date.now() - s.startedAt.getTime() < 60_000).length);
    if (more) await db.insert(healthScans).values(Array.from({ length: more }, () => ({ orgId: owner.orgId, kind: "project", projectId: id, status: "healthy" })));
    const limited = await analyse(id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    // Another organisation's owner is not held back by this one's analyses.
    const theirs = field<{ id: string }>(await other.api("POST", "/projects", { plane_id: await createPlaneVia(other, "P"), name: "Theirs" }), "project").id;
    expect((await analyse(theirs, other)).status).toBe(200);
  });

  it("hides another organisation's project (404), refuses a member (403) and a visitor (401), and checks ids", async () => {
    const id = await project("Private");
    const report = await reportOf(id);
    for (const [method, path] of [["GET", `/project-health/${id}`], ["POST", `/project-health/${id}/analyze`], ["POST", `/project-health/${id}/issues/${report.issues[0]!.id}/fix`]] as const) {
      expect((await call(t.app, method, `/api/v1/organisations/${other.orgId}${path}`, { cookie: other.cookie })).status, path).toBe(404);
      expect((await call(t.app, method, `${owner.base}${path}`, { cookie: member.cookie })).status, path).toBe(403);
      expect((await call(t.app, method, `${owner.base}${path}`)).status, path).toBe(401);
    }
    expect((await owner.api("GET", `/project-health/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await owner.api("POST", "/project-health/not-a-uuid/analyze")).status).toBe(400);
    expect((await fix(report, crypto.randomUUID())).status).toBe(404);
  });
});

describe("Auto-Fix", () => {
  it("sends the spec's payload to 'project-healer' through n8n, signed, and notes the job on the issue", async () => {
    const id = await project("Fix me", `${site.url}/`);
    const report = await reportOf(id);
    const issue = report.issues.find((i) => i.check === "seo.meta_description")!;
    expect(issue.auto_fixable).toBe(true);
    const res = await fix(report, issue.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { job_id, duplicate } = res.body as ProjectAutoFixResponse;
    expect(duplicate).toBe(false);
    const [job] = await t.services.database.db.select().from(agentJobs).where(eq(agentJobs.id, job_id));
    expect(job).toMatchObject({ orgId: owner.orgId, agentKey: "project-healer", projectId: id, message: "Auto-fix project issue: Missing meta description", context: { project_id: id, issue_type: "seo", fix_suggestion: issue.fix_suggestion } });
    const delivery = await until(async () => n8n.deliveries.find((d) => (d.body as { job_id?: string }).job_id === job_id), Boolean);
    expect(delivery).toMatchObject({ verified: true, body: { org_id: owner.orgId, agent_id: "project-healer", message: "Auto-fix project issue: Missing meta description", context: { project_id: id, issue_type: "seo" } } });
    const noted = (await latest(id))!.issues.find((i) => i.id === issue.id)!;
    expect(noted.fix_job_id).toBe(job_id);
    expect(noted.fix_state).not.toBe("done");
  });

  it("sends one job when clicks race, and refuses an issue that is not auto-fixable", async () => {
    const id = await project("Race", `${site.url}/`);
    const report = await reportOf(id);
    const issue = report.issues.find((i) => i.auto_fixable)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => fix(report, issue.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => (a.body as ProjectAutoFixResponse).job_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !(a.body as ProjectAutoFixResponse).duplicate)).toHaveLength(1);
    expect(await t.services.database.db.select().from(agentJobs).where(eq(agentJobs.projectId, id))).toHaveLength(1);
    const manual = report.issues.find((i) => !i.auto_fixable)!;
    expect((await fix(report, manual.id)).status).toBe(400);
  });
});

describe("the test-only setting", () => {
  it("is refused outside tests", () => {
    expect(() => loadEnv({ NODE_ENV: "production", PROJECT_SCAN_ALLOW_LOOPBACK: "1", SECRET_KEY: "a".repeat(64), APP_URL: TEST_ORIGIN })).toThrow(/PROJECT_SCAN_ALLOW_LOOPBACK is for tests only/);
    expect(() => loadEnv({ NODE_ENV: "development", PROJECT_SCAN_ALLOW_LOOPBACK: "1", SECRET_KEY: "a".repeat(64), APP_URL: TEST_ORIGIN })).toThrow(/tests only/);
  });
});
