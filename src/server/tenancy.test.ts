import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFunctionPaths } from "./functions/routes";
import { sendChat } from "./testing/chat-sse";
import { call } from "./testing/http";
import { createTestApp, type TestApp } from "./testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "./testing/work-fixtures";
import { sampleDraft } from "./testing/workflow-fixtures";

// One walk over every route the server registers: org B's user aims each at org A's data. A new
// route is covered the day it lands; a new path parameter fails here until it is mapped below.
const MIN_ORG_SCOPED_ROUTES = 15;

let t: TestApp;
let a: OrgUser;
let b: OrgUser;
const A = { orgName: "Alpha Secret Holdings", plane: "Alpha Plane Zeppelin", plane2: "Alpha Plane Hangar", project: "Alpha Project Nightjar", task: "Alpha Task Quasar", agent: "Alpha Agent Nebula", workflow: "Alpha Workflow Orion", apiKey: "sk-alpha-key-Vortex42" };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [a, b] = await Promise.all([orgUser(t.app, db, "tenant-a", A.orgName), orgUser(t.app, db, "tenant-b", "Bravo Org")]);
  ids.planeId = await createPlaneVia(a, A.plane);
  ids.plane2Id = await createPlaneVia(a, A.plane2);
  ids.projectId = await createProjectVia(a, ids.planeId, A.project);
  ids.taskId = await createTaskVia(a, ids.projectId, A.task, { due_at: new Date().toISOString() });
  // mistral keys are stored untested, so no provider is called.
  ids.connectionId = field<{ id: string }>(await a.api("POST", "/connections", { provider: "mistral", api_key: A.apiKey }), "connection").id;
  ids.agentId = field<{ id: string }>(await a.api("POST", "/agents/agent", { name: A.agent }), "agent").id;
  ids.workflowId = field<{ id: string }>(await a.api("POST", "/workflows", sampleDraft(A.workflow)), "workflow").id;
  // A's chat: its conversation is titled with A's task, its answer names it.
  const reply = await sendChat(t.app, `${a.base}/chat/messages`, a.cookie, { message: `find ${A.task}` });
  ids.conversationId = reply.data<{ conversation_id: string }>("start")!.conversation_id;
  ids.messageId = reply.data<{ message: { id: string } }>("done")!.message.id;
  ids.orgId = a.orgId;
  ids.userId = a.id;
  // A's health reports: a project analysis (no website: one info issue) and a platform scan.
  ids.projectIssueId = field<{ issues: { id: string }[] }>(await a.api("POST", `/project-health/${ids.projectId}/analyze`), "report").issues[0]!.id;
  const scan = field<{ id: string; issues: { id: string }[] }>(await a.api("POST", "/health/platform/scans"), "scan");
  ids.scanId = scan.id;
  ids.issueId = scan.issues[0]!.id;
  ids.inviteId = field<{ id: string }>(await a.api("POST", "/invitations", { email: "tenant-a-invitee@example.test", role: "member" }), "invitation").id;
  ids.exportId = field<{ id: string }>(await a.api("POST", "/exports"), "export").id;
  // Team work: A's label, comment and saved view.
  ids.labelId = field<{ id: string }>(await a.api("POST", "/labels", { name: "Alpha label" }), "label").id;
  ids.commentId = field<{ id: string }>(await a.api("POST", `/tasks/${ids.taskId}/comments`, { body: "Alpha comment" }), "comment").id;
  ids.viewId = field<{ id: string }>(await a.api("POST", "/views", { name: "Alpha view", query: "assignee=me" }), "view").id;
  ids.tokenId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/access-tokens", { cookie: a.cookie, body: { name: "A token", scope: "read", expires_in_days: 30 } }), "token").id;
  // A's CSV import, large enough to run in the background and keep a record B must not read.
  const importRows = Array.from({ length: 1_001 }, (_, i) => ({ title: `Alpha import ${i + 1}`, project: A.project }));
  ids.importId = field<{ id: string }>(await a.api("POST", "/onboarding/import-tasks", { rows: importRows }), "import").id;
});
afterAll(async () => t?.close());

/** Everything of A's that B must never see, as A itself sees it. */
async function snapshotOfA() {
  const planes = field<{ id: string; name: string; project_count: number }[]>(await a.api("GET", "/planes"), "planes");
  const projects = field<{ id: string; name: string; plane_id: string; task_count: number }[]>(await a.api("GET", "/projects"), "projects");
  const tasks = field<{ id: string; title: string; status: string; project_id: string }[]>(await a.api("GET", "/tasks?limit=100"), "tasks");
  const orgs = field<{ organisations: { name: string; plan: string } }[]>(await call(t.app, "GET", "/api/v1/organisations", { cookie: a.cookie }), "memberships");
  const connections = field<unknown[]>(await a.api("GET", "/connections"), "connections");
  const workflows = field<unknown[]>(await a.api("GET", "/workflows"), "workflows");
  return { planes, projects, tasks, orgs, connections, workflows };
}

const secrets = () => [...Object.values(ids), A.orgName, A.plane, A.plane2, A.project, A.task, A.agent, A.workflow, A.apiKey];

/** A payload that would pass every create and update schema, pointing at A's records. */
const hostileBody = () => ({
  name: "Hijacked",
  title: "Hijacked",
  type: "work",
  color: "#123456",
  status: "done",
  priority: "high",
  due_at: new Date().toISOString(),
  plane_id: ids.planeId,
  project_id: ids.projectId,
  task_id: ids.taskId,
  org_id: ids.orgId,
  user_id: ids.userId,
  org_name: "Hijacked",
  business_name: "Hijacked",
  rows: [{ title: "Hijacked", project: A.project }],
});
const hostileQuery = () =>
  `?tz=UTC&view=all&limit=100&q=${encodeURIComponent("Alpha")}&plane_id=${ids.planeId}&project_id=${ids.projectId}&projects=delete&target=${ids.plane2Id}`;

function fillParams(path: string): string {
  const map: Record<string, string> = { orgId: ids.orgId!, planeId: ids.planeId!, projectId: ids.projectId!, taskId: ids.taskId!, connectionId: ids.connectionId!, conversationId: ids.conversationId!, messageId: ids.messageId!, workflowId: ids.workflowId!, userId: ids.userId!, projectIssueId: ids.projectIssueId!, scanId: ids.scanId!, issueId: ids.issueId!, inviteId: ids.inviteId!, tokenId: ids.tokenId!, exportId: ids.exportId!, labelId: ids.labelId!, commentId: ids.commentId!, viewId: ids.viewId!, importId: ids.importId!, check: "database", token: `whq_cal_${"B".repeat(43)}.ics` };
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = map[name];
    if (!value) throw new Error(`Route parameter :${name} in ${path} is not mapped in tenancy.test.ts`);
    return value;
  });
}

function expectNoLeak(label: string, body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  for (const secret of secrets()) expect(text.includes(secret), `${label} leaked ${secret}: ${text.slice(0, 300)}`).toBe(false);
}

function registeredRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.method !== "ALL" && !r.path.startsWith("/api/auth/") && !r.path.startsWith("/api/dev/") && !r.path.includes("*"))
    .filter((r) => !publicFunctionPaths.includes(r.path))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

describe("tenancy", () => {
  it("gives org B's user nothing of org A on any registered route", async () => {
    const before = await snapshotOfA();
    expect(before.tasks.map((x) => x.title)).toEqual([A.task]);
    let orgScoped = 0;
    let other = 0;
    for (const route of registeredRoutes()) {
      const label = `${route.method} ${route.path}`;
      const hasBody = route.method !== "GET" && route.method !== "HEAD";
      if (route.path.includes(":orgId")) {
        orgScoped++;
        const res = await call(t.app, route.method, fillParams(route.path) + hostileQuery(), { cookie: b.cookie, body: hasBody ? hostileBody() : undefined });
        expect(res.status, `${label} answered ${res.status}`).toBeGreaterThanOrEqual(400);
        expectNoLeak(label, res.body);
      } else if (route.path.startsWith("/api/v1/") || route.path.startsWith("/functions/v1/")) {
        other++;
        // A parameter here names one of A's own records (a token): B is refused, and fillParams fails on an unmapped one.
        const res = await call(t.app, route.method, fillParams(route.path) + hostileQuery(), { cookie: b.cookie, body: hasBody ? hostileBody() : undefined });
        if (/:\w+/.test(route.path)) expect(res.status, `${label} answered ${res.status}`).toBeGreaterThanOrEqual(400);
        expectNoLeak(label, res.body);
      }
    }
    expect(orgScoped).toBeGreaterThanOrEqual(MIN_ORG_SCOPED_ROUTES);
    expect(other).toBeGreaterThanOrEqual(2);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("gives a signed-out caller nothing either", async () => {
    for (const route of registeredRoutes().filter((r) => r.path.includes(":orgId"))) {
      const res = await call(t.app, route.method, fillParams(route.path), { body: route.method === "GET" ? undefined : hostileBody() });
      // Meta's verification GET refuses a wrong verify token with 403, as Meta's documentation asks.
      expect(res.status, `${route.method} ${route.path}`).toBe(route.method === "GET" && route.path === "/api/v1/hooks/whatsapp/:orgId" ? 403 : 401);
      expectNoLeak(route.path, res.body);
    }
  });
});
