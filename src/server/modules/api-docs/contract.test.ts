import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, user } from "../../db/schema";
import { BODY_LIMITS, routePolicies } from "../../lib/route-policies";
import { sendChat } from "../../testing/chat-sse";
import { call } from "../../testing/http";
import { contractChecker, type Answer } from "../../testing/openapi-contract";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { ROOMY_BUDGETS } from "../../testing/roomy-budgets";
import { signedInUser } from "../../testing/users";
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

const doc = buildOpenApiDocument();
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
  ids.connectionId = field<{ id: string }>(await owner.api("POST", "/connections", { provider: "mistral", api_key: "sk-contract-key-1" }), "connection").id;
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
  ids.inviteId = field<{ id: string }>(await owner.api("POST", "/invitations", { email: `contract-invitee-${crypto.randomUUID()}@example.test`, role: "member" }), "invitation").id;
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
    taskId: deleting ? ids.deleteTaskId : ids.taskId,
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
    importId: crypto.randomUUID(),
    check: "database",
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
function bodyOf(key: string): unknown {
  const specific = BODIES[key];
  if (specific) return specific();
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

/** Bodies for the routes the common body does not fit. */
const BODIES: Record<string, () => unknown> = {};

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
  const last = (key: string) => (key === "DELETE /api/v1/me" || key === "DELETE /api/v1/organisations/:orgId" ? 2 : key.startsWith("DELETE") ? 1 : 0);
  return documentedRoutes().sort((a, b) => last(a[0]) - last(b[0]));
}

describe("the OpenAPI document is the contract", () => {
  it("describes every answer the server gives on every documented route", async () => {
    for (const [key, method, path] of walkOrder()) {
      const policy = routePolicies[key]!;
      const query = "?" + new URLSearchParams(QUERY).toString();
      const write = method !== "GET" && method !== "HEAD";
      const body = write ? JSON.stringify(bodyOf(key)) : undefined;
      // The failures first, while every record is there.
      if (policy.access !== "public") await send(key, pathOf(path, method) + query, { body });
      if (policy.access !== "public" && policy.access !== "user") await send(key, pathOf(path, method) + query, { cookie: member.cookie, body });
      for (const param of path.match(/:(\w+)/g) ?? []) await send(key, pathOf(path, method, param.slice(1)) + query, { cookie: owner.cookie, body });
      if (write) {
        await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body: "[1]" });
        await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body: `{"padding":"${"x".repeat(BODY_LIMITS[policy.body ?? "json"])}"}` });
      }
      await send(key, pathOf(path, method) + query, { cookie: owner.cookie, body });
    }
    const problems = [...new Set(answers.flatMap((a) => checker.check(a)))];
    const succeeded = new Set(answers.filter((a) => a.status < 300).map((a) => a.key));
    const neverSucceeded = documentedRoutes().map(([key]) => key).filter((key) => !succeeded.has(key));
    console.log(`contract: ${answers.length} answers, ${problems.length} problems, ${neverSucceeded.length} routes without a success`);
    const unproven = neverSucceeded.map((key) => `${key}: never answered with success (last: ${answers.filter((a) => a.key === key).map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`).at(-1)})`);
    expect([...problems, ...unproven], [...problems, ...unproven].join("\n")).toEqual([]);
  }, 300_000);
});

