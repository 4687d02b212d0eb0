import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dataExports, memberships, user } from "../../db/schema";
import { BODY_LIMITS, routePolicies } from "../../lib/route-policies";
import { sendChat } from "../../testing/chat-sse";
import { call } from "../../testing/http";
import { contractChecker, type Answer } from "../../testing/openapi-contract";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { ROOMY_BUDGETS } from "../../testing/roomy-budgets";
import { GOOD_PASSWORD, latestLink, signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { sampleDraft } from "../../testing/workflow-fixtures";
import { buildOpenApiDocument, documentedRoutes } from "./openapi-document";

// The OpenAPI document is the contract: every documented operation is called with real data, as
// its owner (the success answer), signed out (401), as a plain member (403 where the role lacks the
// permission), with unknown ids (404), a refused body (400) and a body over the limit (413). Each
// answer's status, content type and body are held against the document (testing/openapi-contract.ts).

const OVERRIDES = {
  LIMIT_WRITES_PER_MINUTE: "1000000",
  LIMIT_SEARCHES_PER_MINUTE: "1000000",
  LIMIT_IMPORTS_PER_HOUR: "1000000",
  LIMIT_STREAMS_PER_USER: "1000",
  ...ROOMY_BUDGETS,
  OPENAI_BASE_URL: "http://127.0.0.1:9",
  ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
  KEY_TEST_TIMEOUT_MS: "200",
};

const doc = await buildOpenApiDocument();
const checker = contractChecker(doc as never);

let t: TestApp;
let owner: OrgUser;
let member: { id: string; cookie: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(OVERRIDES);
  const db = t.services.database.db;
  owner = await orgUser(t.app, db, "contract", "Contract Org");
  member = await signedInUser(t.app, db, "contract-member");
  await db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  ids.orgId = owner.orgId;
  ids.planeId = await createPlaneVia(owner, "Contract Plane");
  ids.plane2Id = await createPlaneVia(owner, "Contract Plane Two");
  ids.projectId = await createProjectVia(owner, ids.planeId, "Contract Project");
  ids.taskId = await createTaskVia(owner, ids.projectId, "Contract Task", { due_at: new Date().toISOString() });
  ids.connectionId = field<{ id: string }>(await owner.api("POST", "/connections", { provider: "google", api_key: "sk-contract-key-1" }), "connection").id;
  ids.deletePlaneId = await createPlaneVia(owner, "Doomed Plane");
  ids.deleteProjectId = await createProjectVia(owner, ids.planeId, "Doomed Project");
  ids.deleteTaskId = await createTaskVia(owner, ids.projectId, "Doomed Task");
  ids.deleteConnectionId = field<{ id: string }>(await owner.api("POST", "/connections", { provider: "groq", api_key: "sk-contract-key-2" }), "connection").id;
  ids.workflowId = field<{ id: string }>(await owner.api("POST", "/workflows", sampleDraft("Contract Workflow")), "workflow").id;
  ids.deleteWorkflowId = field<{ id: string }>(await owner.api("POST", "/workflows", sampleDraft("Doomed Workflow")), "workflow").id;
  for (const key of ["memberId", "deleteMemberId"]) {
    const [row] = await db.insert(user).values({ id: crypto.randomUUID(), name: `Contract ${key}`, email: `${key}-${crypto.randomUUID()}@example.test`, emailVerified: true }).returning({ id: user.id });
    await db.insert(memberships).values({ orgId: owner.orgId, userId: row!.id, role: "member" });
    ids[key] = row!.id;
  }
  ids.projectIssueId = field<{ issues: { id: string }[] }>(await owner.api("POST", `/project-health/${ids.projectId}/analyze`), "report").issues[0]!.id;
  const scan = field<{ id: string; issues: { id: string }[] }>(await owner.api("POST", "/health/platform/scans"), "scan");
  ids.scanId = scan.id;
  ids.issueId = scan.issues[0]!.id;
  const invitee = `contract-invitee-${crypto.randomUUID()}@example.test`;
  ids.inviteId = field<{ id: string }>(await owner.api("POST", "/invitations", { email: invitee, role: "member" }), "invitation").id;
  ids.inviteToken = decodeURIComponent(new URL(await latestLink(db, invitee)).hash.replace(/^#token=/, ""));
  // A CSV import large enough to run in the background, so its progress route has a record.
  const importRows = Array.from({ length: 1_001 }, (_, i) => ({ title: `Contract import ${i + 1}`, project: "Contract Project" }));
  ids.importId = field<{ id: string }>(await owner.api("POST", "/onboarding/import-tasks", { rows: importRows }), "import").id;
  ids.exportId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/exports", { cookie: owner.cookie }), "export").id;
  ids.tokenId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/access-tokens", { cookie: owner.cookie, body: { name: "Contract token", scope: "read", expires_in_days: 30 } }), "token").id;
  const chat = async () => {
    const reply = await sendChat(t.app, `${owner.base}/chat/messages`, owner.cookie, { message: "help" });
    return { conversationId: reply.data<{ conversation_id: string }>("start")!.conversation_id, messageId: reply.data<{ message: { id: string } }>("done")!.message.id };
  };
  const comment = async (body: string) => field<{ id: string }>(await owner.api("POST", `/tasks/${ids.taskId}/comments`, { body }), "comment").id;
  ids.commentId = await comment("Contract comment");
  ids.deleteCommentId = await comment("Doomed comment");
  ids.labelId = field<{ id: string }>(await owner.api("POST", "/labels", { name: "Contract label" }), "label").id;
  ids.deleteLabelId = field<{ id: string }>(await owner.api("POST", "/labels", { name: "Doomed label" }), "label").id;
  ids.viewId = field<{ id: string }>(await owner.api("POST", "/views", { name: "Contract view", query: "status=todo" }), "view").id;
  Object.assign(ids, await chat());
  ids.deleteConversationId = (await chat()).conversationId;
}, 120_000);
afterAll(async () => t?.close());

/** Real ids for each path parameter; DELETE routes aim at records of their own. */
function pathOf(path: string, method: string, unknown?: string): string {
  const deleting = method === "DELETE";
  const real: Record<string, string | undefined> = {
    orgId: ids.orgId,
    planeId: deleting ? ids.deletePlaneId : ids.planeId,
    projectId: deleting ? ids.deleteProjectId : ids.projectId,
    taskId: deleting && !path.includes("/comments/") ? ids.deleteTaskId : ids.taskId,
    connectionId: deleting ? ids.deleteConnectionId : ids.connectionId,
    conversationId: deleting ? ids.deleteConversationId : ids.conversationId,
    workflowId: deleting ? ids.deleteWorkflowId : ids.workflowId,
    messageId: ids.messageId,
    userId: deleting ? ids.deleteMemberId : ids.memberId,
    projectIssueId: ids.projectIssueId,
    scanId: ids.scanId,
    issueId: ids.issueId,
    inviteId: ids.inviteId,
    tokenId: ids.tokenId,
    exportId: ids.exportId,
    commentId: deleting ? ids.deleteCommentId : ids.commentId,
    labelId: deleting ? ids.deleteLabelId : ids.labelId,
    viewId: ids.viewId,
    importId: ids.importId,
    check: "database",
    token: `whq_cal_${"C".repeat(43)}.ics`,
  };
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === unknown) return name === "check" ? "no-such-check" : crypto.randomUUID();
    const id = real[name];
    if (!id) throw new Error(`Route parameter :${name} in ${path} is not mapped in contract.test.ts`);
    return id;
  });
}

const QUERY: Record<string, string> = { tz: "UTC", limit: "5", q: "Contract" };

/** A body that succeeds for most routes: each reads its own fields and leaves the rest. */
async function bodyOf(key: string): Promise<unknown> {
  const specific = BODIES[key];
  if (specific) return await specific();
  const path = key.split(" ")[1]!;
  return {
    name: "Contract Name",
    title: "Contract Title",
    type: "work",
    color: "#123456",
    status: path.includes("/projects") ? "active" : "done",
    priority: "high",
    due_at: "2030-01-01T00:00:00.000Z",
    description: "Contract description",
    plane_id: ids.planeId,
    project_id: ids.projectId,
  };
}

const O = "/api/v1/organisations/:orgId";
const get = async <T>(path: string, key: string) => field<T>(await owner.api("GET", path), key);

/** Bodies for the routes the common body does not fit (some read the record's version first). */
const BODIES: Record<string, () => unknown> = {
  "POST /functions/v1/org-bootstrap": () => ({ user_id: owner.id }),
  "POST /functions/v1/conn-upsert": () => ({ org_id: ids.orgId, provider: "mistral", auth_json: { apiKey: "sk-contract-key-5" } }),
  "POST /functions/v1/agent-dispatch": () => ({ org_id: ids.orgId, message: "Contract job" }),
  "POST /functions/v1/agent-chat": () => ({ message: "help", orgId: ids.orgId }),
  "POST /functions/v1/dev-chat": () => ({ command: "status", context: { org_id: ids.orgId } }),
  "POST /functions/v1/ai-assist": () => ({ org_id: ids.orgId, project_id: ids.projectId, goal: "Ship the contract" }),
  "POST /functions/v1/telemetry": () => ({ name: "contract.walk", org_id: ids.orgId }),
  "POST /api/v1/me/access-tokens": () => ({ name: "Walked token", scope: "read", expires_in_days: 30 }),
  "DELETE /api/v1/me": async () => ({ password: GOOD_PASSWORD, confirmed_org_ids: field<{ id: string }[]>(await call(t.app, "GET", "/api/v1/me/erasure", { cookie: owner.cookie }), "organisations").map((o) => o.id) }),
  "PUT /api/v1/me/notification-preferences": () => ({}),
  "PUT /api/v1/me/task-email": () => ({ email_mode: "off" }),
  "PUT /api/v1/me/calendar-feed/projects": () => ({ project_ids: [ids.projectId] }),
  "POST /api/v1/hq/messages": () => ({ message: "hello", sessionId: "contract-session" }),
  "POST /api/v1/invitations/preview": () => ({ token: ids.inviteToken }),
  "POST /api/v1/invitations/accept": () => ({ token: ids.inviteToken }),
  // The walk renamed the organisation (PATCH) before it deletes it.
  [`DELETE ${O}`]: () => ({ confirmName: "Contract Name" }),
  [`PUT ${O}/security`]: async () => ({ require_two_factor: false, version: (await get<{ version: number }>("/security", "security")).version }),
  [`PATCH ${O}/members/:userId`]: () => ({ role: "member" }),
  [`POST ${O}/invitations`]: () => ({ email: `contract-second-${crypto.randomUUID()}@example.test`, role: "member" }),
  [`POST ${O}/tasks/:taskId/comments`]: () => ({ body: "Walked comment" }),
  [`PATCH ${O}/tasks/:taskId/comments/:commentId`]: () => ({ body: "Walked comment, edited" }),
  [`PATCH ${O}/labels/:labelId`]: () => ({ name: "Renamed label" }),
  [`POST ${O}/views`]: () => ({ name: "Walked view", query: "status=done" }),
  [`POST ${O}/notifications/read`]: () => ({ all: true }),
  [`POST ${O}/onboarding/import-tasks`]: () => ({ rows: [{ title: "Imported", project: "Contract Project" }] }),
  // conn-upsert (walked first) added mistral; google is taken by the set-up.
  [`POST ${O}/connections`]: () => ({ provider: "perplexity", api_key: "sk-contract-key-6" }),
  [`PATCH ${O}/connections/:connectionId`]: () => ({ description: "Edited" }),
  [`PATCH ${O}/inbound-mail/projects/:projectId`]: () => ({ allowed_senders: ["@example.test"] }),
  [`PATCH ${O}/agents/agent`]: async () => ({ version: (await get<{ version: number }>("/agents/agent", "agent")).version, name: "Renamed agent" }),
  [`POST ${O}/agents/agent/status`]: () => ({ enabled: true }),
  [`POST ${O}/workflows`]: () => sampleDraft("Walked Workflow"),
  [`PUT ${O}/workflows/:workflowId`]: async () => ({ ...sampleDraft("Contract Workflow"), version: (await get<{ version: number }>(`/workflows/${ids.workflowId}`, "workflow")).version }),
  [`PATCH ${O}/action-plan`]: () => ({ key: "s1-0", done: true }),
  [`POST ${O}/chat/messages`]: () => ({ message: "help" }),
  // A malformed token: the walk makes no call to Telegram (telegram.test.ts connects to a stand-in).
  [`PUT ${O}/telegram`]: () => ({ bot_token: "not-a-token" }),
  // Malformed credentials: the walk makes no call to the Graph API (whatsapp.test.ts connects to a stand-in).
  [`PUT ${O}/whatsapp`]: () => ({ phone_number_id: "x", access_token: "y", app_secret: "z" }),
  [`POST ${O}/chat/messages/:messageId/confirm`]: () => ({ action_id: "no-such-action", decision: "cancel" }),
  [`PUT ${O}/health/platform/config`]: async () => {
    const { version, next_scan_at: _n, updated_at: _u, ...config } = await get<Record<string, unknown>>("/health/platform/config", "config");
    return { ...config, version };
  },
};

/** Queries beyond the common one. */
const QUERIES: Record<string, () => Record<string, string>> = {
  "GET /api/v1/locate": () => ({ project: ids.projectId! }),
  [`GET ${O}/tasks/board`]: () => ({ status: "todo" }),
};

/**
 * Routes this walk cannot bring to success, and why; their failures are still held to the document,
 * and their success answers are held by the suites named.
 */
/** Routes whose success is a redirect (documented as 302): Google Calendar's connect and callback. */
const redirects = new Set(["GET /api/v1/me/google-calendar/connect", "GET /api/v1/oauth/google-calendar/callback"]);

const NO_SUCCESS_HERE: Record<string, string> = {
  "POST /functions/v1/agent-inbox": "needs N8N_AGENT_SECRET and a signed body (functions/agent-inbox.test.ts)",
  "POST /functions/v1/agent-claim": "needs N8N_AGENT_SECRET and a signed body (functions/agent-claim.test.ts)",
  "GET /api/v1/unsubscribe": "needs a token from a task mail (inbox tests)",
  "POST /api/v1/unsubscribe": "needs a token from a task mail (inbox tests)",
  "POST /api/v1/hooks/telegram/:orgId": "needs the secret given to Telegram's setWebhook (telegram tests)",
  [`PUT ${O}/telegram`]: "needs Telegram's Bot API (telegram tests, with the stand-in)",
  [`POST ${O}/telegram/test`]: "needs a connected bot (telegram tests)",
  [`POST ${O}/telegram/link-code`]: "needs a connected bot (telegram tests)",
  "GET /api/v1/hooks/whatsapp/:orgId": "needs the verify token of a connected number (whatsapp tests)",
  "POST /api/v1/hooks/whatsapp/:orgId": "needs a body signed with the app secret (whatsapp tests)",
  [`PUT ${O}/whatsapp`]: "needs the Graph API (whatsapp tests, with the stand-in)",
  [`POST ${O}/whatsapp/test`]: "needs a connected number (whatsapp tests)",
  [`POST ${O}/whatsapp/link-code`]: "needs a connected number (whatsapp tests)",
  "POST /api/v1/hq/messages": "needs a switchboard (hq tests)",
  "GET /api/v1/calendar-feeds/:token": "needs the secret of a live feed (calendar/calendar-feed.test.ts)",
  "GET /api/v1/me/exports/:exportId/download": "the export is built by a worker this app does not run (data-rights tests)",
  [`POST ${O}/workflows/:workflowId/deploy`]: "needs n8n (workflows deploy tests)",
  [`POST ${O}/chat/messages/:messageId/confirm`]: "needs a proposed action (chat confirm tests)",
  [`POST ${O}/agents/agent/test`]: "needs n8n (agents tests)",
  [`POST ${O}/project-health/:projectId/issues/:projectIssueId/fix`]: "a project without a website has only an issue no fix applies to (project-health tests)",
};

type Sent = Answer & { key: string };
const answers: Sent[] = [];

async function send(key: string, path: string, options: { cookie?: string; body?: string } = {}): Promise<Sent> {
  const method = key.split(" ")[0]!;
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const socket = { remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
  const res = await t.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body: options.body }, { incoming: { socket } });
  const contentType = res.headers.get("content-type");
  let body: unknown = null;
  // A stream may never end: its status and type are what there is to hold.
  if (contentType?.includes("text/event-stream")) await res.body?.cancel();
  else if (contentType?.includes("application/json")) body = JSON.parse(await res.text());
  else body = (await res.arrayBuffer()).byteLength > 0 ? "(bytes)" : null;
  const sent = { key, method, path, status: res.status, contentType, body };
  answers.push(sent);
  return sent;
}

/** The route walk's order: writes that end things come last, so the walk keeps its data. */
function walkOrder(): [key: string, method: string, path: string][] {
  const last = (key: string) => (key === "DELETE /api/v1/me" ? 3 : key === "DELETE /api/v1/organisations/:orgId" ? 2 : key.startsWith("DELETE") ? 1 : 0);
  return documentedRoutes().sort((a, b) => last(a[0]) - last(b[0]));
}

describe("the OpenAPI document is the contract", () => {
  // Runs before the walk, which ends by deleting the organisation and the owner.
  it("documents the conflicts and gone answers the walk cannot reach", async () => {
    const db = t.services.database.db;
    const expectAnswer = async (key: string, path: string, status: number, options: { cookie?: string; body?: unknown }) => {
      const answer = await send(key, path, { cookie: options.cookie, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      expect({ status: answer.status, problems: checker.check(answer) }, `${key} ${JSON.stringify(answer.body)}`).toEqual({ status, problems: [] });
    };
    const orgPath = `/api/v1/organisations/${ids.orgId}`;
    // Invitations: an unknown token, one accepted twice, one withdrawn, one for a member.
    await expectAnswer("POST /api/v1/invitations/preview", "/api/v1/invitations/preview", 404, { cookie: member.cookie, body: { token: "x".repeat(43) } });
    const guest = await signedInUser(t.app, db, "contract-guest");
    await owner.api("POST", "/invitations", { email: guest.email, role: "member" });
    const token = decodeURIComponent(new URL(await latestLink(db, guest.email)).hash.replace(/^#token=/, ""));
    await expectAnswer("POST /api/v1/invitations/accept", "/api/v1/invitations/accept", 200, { cookie: guest.cookie, body: { token } });
    await expectAnswer("POST /api/v1/invitations/accept", "/api/v1/invitations/accept", 409, { cookie: guest.cookie, body: { token } });
    const late = await signedInUser(t.app, db, "contract-late");
    const withdrawn = field<{ id: string }>(await owner.api("POST", "/invitations", { email: late.email, role: "member" }), "invitation").id;
    const lateToken = decodeURIComponent(new URL(await latestLink(db, late.email)).hash.replace(/^#token=/, ""));
    await owner.api("DELETE", `/invitations/${withdrawn}`);
    await expectAnswer("POST /api/v1/invitations/accept", "/api/v1/invitations/accept", 410, { cookie: late.cookie, body: { token: lateToken } });
    await expectAnswer(`POST ${O}/invitations`, `${orgPath}/invitations`, 409, { cookie: owner.cookie, body: { email: guest.email, role: "member" } });
    // Members: the last owner cannot step down or be removed.
    await expectAnswer(`PATCH ${O}/members/:userId`, `${orgPath}/members/${owner.id}`, 409, { cookie: owner.cookie, body: { role: "member" } });
    await expectAnswer(`DELETE ${O}/members/:userId`, `${orgPath}/members/${owner.id}`, 409, { cookie: owner.cookie });
    // A stale version of the organisation's security setting.
    await expectAnswer(`PUT ${O}/security`, `${orgPath}/security`, 409, { cookie: owner.cookie, body: { require_two_factor: false, version: 9_999 } });
    // Exports: a download before it is ready, and after it expired.
    const exportId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/exports", { cookie: member.cookie }), "export").id;
    await expectAnswer("GET /api/v1/me/exports/:exportId/download", `/api/v1/me/exports/${exportId}/download`, 409, { cookie: member.cookie });
    await db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(dataExports.id, exportId));
    await expectAnswer("GET /api/v1/me/exports/:exportId/download", `/api/v1/me/exports/${exportId}/download`, 410, { cookie: member.cookie });
    await expectAnswer("GET /api/v1/me/exports/:exportId", `/api/v1/me/exports/${exportId}`, 404, { cookie: member.cookie });
  }, 60_000);

  it("describes every answer the server gives on every documented route", async () => {
    for (const [key, method, path] of walkOrder()) {
      const policy = routePolicies[key]!;
      const query = "?" + new URLSearchParams({ ...QUERY, ...QUERIES[key]?.() }).toString();
      const write = method !== "GET" && method !== "HEAD";
      const body = write ? JSON.stringify(await bodyOf(key)) : undefined;
      // The failures first, while every record is there.
      if (policy.access !== "public") await send(key, pathOf(path, method) + query, { body });
      if (policy.access !== "public" && policy.access !== "user") await send(key, pathOf(path, method) + query, { cookie: member.cookie, body });
      for (const param of path.match(/:(\w+)/g) ?? []) await send(key, pathOf(path, method, param.slice(1)) + query, { cookie: owner.cookie, body });
      if (write) {
        await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body: "[1]" });
        await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body: `{"padding":"${"x".repeat(BODY_LIMITS[policy.body ?? "json"])}"}` });
      }
      const done = await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body });
      // Analysing makes a new report: the fix route aims at its issue.
      if (key === `POST ${O}/project-health/:projectId/analyze` && done.status === 200) ids.projectIssueId = (done.body as { report: { issues: { id: string }[] } }).report.issues[0]!.id;
    }
    const problems = [...new Set(answers.flatMap((a) => checker.check(a)))];
    // A redirect is the documented success of the OAuth routes (their only answer to a browser).
    const succeeded = new Set(answers.filter((a) => a.status < 300 || (a.status === 302 && redirects.has(a.key))).map((a) => a.key));
    const neverSucceeded = documentedRoutes().map(([key]) => key).filter((key) => !succeeded.has(key) && !(key in NO_SUCCESS_HERE));
    console.log(`contract: ${answers.length} answers, ${problems.length} problems, ${neverSucceeded.length} routes without a success`);
    const unproven = neverSucceeded.map((key) => `${key}: never answered with success (last: ${answers.filter((a) => a.key === key).map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`).at(-1)})`);
    expect([...problems, ...unproven], [...problems, ...unproven].join("\n")).toEqual([]);
  }, 300_000);
});

