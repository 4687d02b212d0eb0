import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissions } from "@/shared/permissions";
import { eq } from "drizzle-orm";
import { healthScans, memberships, organisations, taskImports, user } from "./db/schema";
import { routePolicies, type RoutePolicy } from "./lib/route-policies";
import { startTelegramStandIn, type TelegramStandIn } from "./testing/telegram-stand-in";
import { startWhatsappStandIn, type WhatsappStandIn } from "./testing/whatsapp-stand-in";
import { call, type Call } from "./testing/http";
import { sendChat } from "./testing/chat-sse";
import { ROOMY_BUDGETS } from "./testing/roomy-budgets";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./testing/test-app";
import { signedInUser } from "./testing/users";
import { startN8nApiStandIn, type N8nApiStandIn } from "./testing/n8n-api-stand-in";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "./testing/work-fixtures";
import { sampleDraft } from "./testing/workflow-fixtures";

// Every organisation route, called as the owner, a member and a signed-in stranger, on fresh
// records each time, against the permission table. A new route is walked the day it lands.
let t: TestApp;
let owner: OrgUser;
let member: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
// A self-registered owner of a second organisation: an owner, but not the platform's operator (the matrix owner signed up first).
let tenant: OrgUser;
// Deploy must succeed for the owner: a local n8n API, and the organisation's key for it.
let n8n: N8nApiStandIn;
// Telegram's routes act on a connected bot: a local Bot API that knows the matrix's token.
let telegram: TelegramStandIn;
const BOT_TOKEN = "7000003:AAMatrixTelegramBotTokenForTests";
// WhatsApp's the same: a local Graph API that knows the matrix's number.
let whatsapp: WhatsappStandIn;
const WA_NUMBER = { phone_number_id: "106540352240001", access_token: "EAAGmMatrixWhatsappAccessToken0001", app_secret: "0123456789abcdef0123456789abcdef" };
const unlimited = { LIMIT_WRITES_PER_MINUTE: "100000", LIMIT_SEARCHES_PER_MINUTE: "100000", LIMIT_IMPORTS_PER_HOUR: "100000", LIMIT_STREAMS_PER_USER: "100", ...ROOMY_BUDGETS };

beforeAll(async () => {
  n8n = await startN8nApiStandIn();
  telegram = await startTelegramStandIn();
  telegram.addBot(BOT_TOKEN, "matrix_bot");
  whatsapp = await startWhatsappStandIn();
  whatsapp.addNumber(WA_NUMBER.phone_number_id, { token: WA_NUMBER.access_token, appSecret: WA_NUMBER.app_secret, display: "+1 555-0199" });
  t = await createTestApp({ ...unlimited, N8N_BASE: n8n.url, TELEGRAM_API_BASE: telegram.url, WHATSAPP_API_BASE: whatsapp.url });
  const db = t.services.database.db;
  owner = await orgUser(t.app, db, "matrix-owner", "Matrix Org");
  await owner.api("POST", "/connections", { provider: "n8n", api_key: n8n.apiKey });
  [member, stranger, tenant] = await Promise.all([signedInUser(t.app, db, "matrix-member"), signedInUser(t.app, db, "matrix-stranger"), orgUser(t.app, db, "matrix-tenant", "Tenant Org")]);
  await db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  // Fresh projects for every call would hit the Starter plan's three.
  await db.update(organisations).set({ plan: "professional" }).where(eq(organisations.id, owner.orgId));
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
  await whatsapp?.close();
  await n8n?.close();
});

/** Fresh records for one call, so a delete in one row of the matrix cannot starve the next. */
async function freshIds(): Promise<Record<string, string>> {
  // Keys come from the name's first letters (99 per stem): a varied stem keeps a long walk from running out.
  const planeId = await createPlaneVia(owner, `P${crypto.randomUUID().slice(0, 6)} plane`);
  const projectId = await createProjectVia(owner, planeId, `Project ${crypto.randomUUID().slice(0, 6)}`);
  const taskId = await createTaskVia(owner, projectId, "Matrix task");
  const existing = field<{ id: string; provider: string }[]>(await owner.api("GET", "/connections"), "connections").find((c) => c.provider === "mistral");
  const connectionId = existing?.id ?? field<{ id: string }>(await owner.api("POST", "/connections", { provider: "mistral", api_key: "matrix-key-000111" }), "connection").id;
  // The organisation's one agent, enabled, and the version an edit must name.
  const agent =
    field<{ version: number; status: string } | null>(await owner.api("GET", "/agents/agent"), "agent") ??
    field<{ version: number; status: string }>(await owner.api("POST", "/agents/agent", { name: "Matrix agent" }), "agent");
  const agentVersion = agent.status === "enabled" ? agent.version : field<{ version: number }>(await owner.api("POST", "/agents/agent/status", { enabled: true }), "agent").version;
  const workflowId = field<{ id: string }>(await owner.api("POST", "/workflows", sampleDraft(`Matrix ${crypto.randomUUID().slice(0, 6)}`)), "workflow").id;
  // A stored project health report with one auto-fixable issue, for project-health's Auto-Fix;
  // started minutes ago, so it does not count against the analyses-per-minute cap.
  const projectIssueId = crypto.randomUUID();
  const healthIssue = { id: projectIssueId, check: "seo.meta_description", type: "seo", severity: "high", description: "Missing meta description", fix_suggestion: "Add a meta description", auto_fixable: true };
  await t.services.database.db.insert(healthScans).values({ orgId: owner.orgId, kind: "project", projectId, status: "warning", score: 80, issues: [healthIssue], startedAt: new Date(Date.now() - 300_000), finishedAt: new Date(Date.now() - 299_000) });
  // check: the smoke check the matrix runs (a quick one: no queue wait on an app without workers).
  // A member of the owner's organisation for the member routes to change or remove.
  const target = await t.services.database.db.insert(user).values({ id: crypto.randomUUID(), name: "Matrix target", email: `target-${crypto.randomUUID()}@example.test`, emailVerified: true }).returning({ id: user.id });
  await t.services.database.db.insert(memberships).values({ orgId: owner.orgId, userId: target[0]!.id, role: "member" });
  return { orgId: owner.orgId, planeId, projectId, taskId, connectionId, agentVersion: String(agentVersion), workflowId, check: "database", projectIssueId, userId: target[0]!.id };
}

/** A body every create and update schema accepts. */
const bodyFor = (ids: Record<string, string>) => ({
  name: `Renamed ${crypto.randomUUID().slice(0, 6)}`,
  title: "Matrix title",
  type: "work",
  color: "#123456",
  priority: "high",
  plane_id: ids.planeId,
  project_id: ids.projectId,
  provider: "groq",
  api_key: "matrix-key-222333",
  rows: [{ title: "Imported", project: "nowhere" }],
  business_name: "Matrix Business",
  message: "help",
  action_id: ids.actionId,
  decision: "cancel",
  version: Number(ids.agentVersion),
  enabled: true,
});

/** The owner's chat message proposing to delete ids.taskId: a conversation, message and action for the chat routes. */
async function withChatIds(ids: Record<string, string>): Promise<Record<string, string>> {
  const reply = await sendChat(t.app, `${owner.base}/chat/messages`, owner.cookie, { message: `delete task ${ids.taskId}` });
  const done = reply.data<{ message: { id: string; metadata: { actions: { id: string }[] } } }>("done")!.message;
  return { ...ids, conversationId: reply.data<{ conversation_id: string }>("start")!.conversation_id, messageId: done.id, actionId: done.metadata.actions[0]!.id };
}

/** Platform self-healing: a stored platform scan with one issue (its fix is an honest report), and the settings' current version. */
async function withPlatformHealthIds(ids: Record<string, string>): Promise<Record<string, string>> {
  const issueId = crypto.randomUUID();
  const issue = { id: issueId, code: "unknown_roles", type: "membership", severity: "medium", description: "1 membership(s) hold a role this product does not know", detected_at: new Date().toISOString(), auto_fixable: false, fix_applied: null, fix_result: null, fixed_at: null, manual_job_id: null, target: null };
  const [scan] = await t.services.database.db.insert(healthScans).values({ orgId: owner.orgId, kind: "platform", status: "healthy", score: 100, issues: [issue], finishedAt: new Date() }).returning({ id: healthScans.id });
  const config = field<{ version: number }>(await owner.api("GET", "/health/platform/config"), "config");
  return { ...ids, scanId: scan!.id, issueId, healingVersion: String(config.version) };
}

/** A label, a saved view and a comment written by the caller (only its author edits one; a stranger's call uses the owner's). */
async function withTeamIds(cookie: string, ids: Record<string, string>): Promise<Record<string, string>> {
  const labelId = field<{ id: string }>(await owner.api("POST", "/labels", { name: `Matrix ${crypto.randomUUID().slice(0, 8)}` }), "label").id;
  const viewPath = `${owner.base}/views`;
  const mine = await call(t.app, "POST", viewPath, { cookie, body: { name: "Matrix view", query: "assignee=me" } });
  const viewId = mine.status === 201 ? (mine.body as { view: { id: string } }).view.id : field<{ id: string }>(await owner.api("POST", "/views", { name: "Matrix view", query: "" }), "view").id;
  const commentPath = `${owner.base}/tasks/${ids.taskId}/comments`;
  const written = await call(t.app, "POST", commentPath, { cookie, body: { body: "Matrix comment" } });
  const commentId = written.status === 201 ? (written.body as { comment: { id: string } }).comment.id : field<{ id: string }>(await owner.api("POST", `/tasks/${ids.taskId}/comments`, { body: "Matrix comment" }), "comment").id;
  return { ...ids, labelId, viewId, commentId };
}

/** A pending invitation of the owner's organisation, for the routes that name one. */
async function withInvitationId(ids: Record<string, string>): Promise<Record<string, string>> {
  const created = await owner.api("POST", "/invitations", { email: `invitee-${crypto.randomUUID()}@example.test`, role: "member" });
  return { ...ids, inviteId: field<{ id: string }>(created, "invitation").id };
}

/** A finished CSV import of the owner's organisation, for the route that reads one. */
async function withImportId(ids: Record<string, string>): Promise<Record<string, string>> {
  const [row] = await t.services.database.db.insert(taskImports).values({ orgId: owner.orgId, importKey: `matrix-${crypto.randomUUID()}`, imported: 0, finishedAt: new Date() }).returning({ id: taskImports.id });
  return { ...ids, importId: row!.id };
}

async function callAs(cookie: string, method: string, path: string, ids: Record<string, string>): Promise<Pick<Call, "status" | "body">> {
  if (path.includes("/chat/")) ids = await withChatIds(ids);
  if (path.includes(":importId")) ids = await withImportId(ids);
  if (path.includes("/health/platform/")) ids = await withPlatformHealthIds(ids);
  if (path.includes(":inviteId")) ids = await withInvitationId(ids);
  if (/:labelId|:viewId|:commentId/.test(path)) ids = await withTeamIds(cookie, ids);
  const url = path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? `unmapped-${name}`);
  if (path.endsWith("/events")) {
    // A stream never ends by itself: its status is all this test needs.
    const res = await t.app.request(`${TEST_ORIGIN}${url}`, { headers: { cookie, origin: TEST_ORIGIN } }, { incoming: { socket: { remoteAddress: "10.1.2.3" } } });
    await res.body?.cancel();
    return { status: res.status, body: null };
  }
  // Telegram's test, link code and the rest need the bot connected first.
  if (path.includes("/telegram")) await owner.api("PUT", "/telegram", { bot_token: BOT_TOKEN });
  if (path.includes("/whatsapp")) await owner.api("PUT", "/whatsapp", WA_NUMBER);
  // An organisation has one agent: creating one needs the existing one gone.
  if (method === "POST" && path.endsWith("/agents/agent")) await owner.api("DELETE", "/agents/agent");
  const query = method === "DELETE" && path.endsWith(":planeId") ? "?projects=delete" : path.endsWith("/search") ? "?q=Matrix" : path.endsWith("/tasks/board") ? "?status=todo" : "";
  // A saved workflow's body is a whole draft, on the version a fresh workflow has.
  const team: Record<string, unknown> | undefined = path.endsWith("/move")
    ? { status: "in_progress" }
    : path.endsWith("/notifications/read")
      ? { all: true }
      : path.includes("/views")
        ? { name: "Matrix view", query: "assignee=me" }
        : path.includes("/comments")
          ? { body: "Matrix comment" }
          : path.includes("/labels")
            ? { name: `Matrix ${crypto.randomUUID().slice(0, 8)}`, color: "#123456" }
            : undefined;
  const body = team ? team : path.includes("/workflows")
    ? { ...sampleDraft(`Matrix ${crypto.randomUUID().slice(0, 6)}`), version: 1, activate: true }
    : path.includes("/action-plan")
      ? { key: "s1-0", done: true }
      : path.includes("/members/")
        ? { role: "owner" }
        : path.endsWith("/invitations")
          ? { email: `invitee-${crypto.randomUUID()}@example.test`, role: "member" }
        : path.endsWith("/security")
          ? { require_two_factor: false, version: 0 }
        // The connection routes refuse fields they do not know.
        : path.endsWith("/connections")
          ? { provider: "perplexity", api_key: "matrix-key-000222" }
        : path.endsWith("/connections/:connectionId")
          ? { description: "Matrix" }
        : path.endsWith("/telegram")
          ? { bot_token: BOT_TOKEN }
        : path.endsWith("/whatsapp")
          ? WA_NUMBER
        : path.includes("/inbound-mail/projects/") && method === "PATCH"
          ? { allowed_senders: ["@example.test"] }
        : path.endsWith("/health/platform/config")
          ? { enabled: false, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: 15, version: Number(ids.healingVersion) }
          : bodyFor(ids);
  const res = await call(t.app, method, url + query, { cookie, body: method === "GET" ? undefined : body });
  if (method === "POST" && path.endsWith("/connections") && res.status === 201) await owner.api("DELETE", `/connections/${(res.body as { connection: { id: string } }).connection.id}`);
  return res;
}

const orgRoutes = () =>
  Object.entries(routePolicies)
    .filter(([key]) => key.includes("/organisations/:orgId"))
    // Leaving takes the caller out of the organisation the rest of the walk needs: member-changes.test.ts covers it.
    .filter(([key]) => !key.endsWith("/membership"))
    // Deleting the organisation ends the walk's organisation: data-rights.test.ts covers owner, member and stranger.
    .filter(([key]) => key !== "DELETE /api/v1/organisations/:orgId")
    .map(([key, policy]) => ({ method: key.split(" ")[0]!, path: key.split(" ")[1]!, policy }));

const needsOwner = (policy: RoutePolicy) => policy.access !== "public" && policy.access !== "user" && permissions[policy.access] === "owner";

describe("role matrix", () => {
  it("walks every organisation route", () => expect(orgRoutes().length).toBeGreaterThanOrEqual(25));

  it.each(orgRoutes())("$method $path: owner allowed, member by the table, stranger told nothing", async ({ method, path, policy }) => {
    const asOwner = await callAs(owner.cookie, method, path, await freshIds());
    expect(asOwner.status, `owner: ${JSON.stringify(asOwner.body)}`).toBeLessThan(300);

    const asMember = await callAs(member.cookie, method, path, await freshIds());
    if (needsOwner(policy)) {
      expect(asMember.status).toBe(403);
      expect(asMember.body).toMatchObject({ error: { code: "forbidden" } });
    } else {
      expect(asMember.status, `member: ${JSON.stringify(asMember.body)}`).toBeLessThan(300);
    }

    const asStranger = await callAs(stranger.cookie, method, path, await freshIds());
    expect(asStranger.status).toBe(404);
    expect(JSON.stringify(asStranger.body)).not.toContain("Matrix");
  });

  it("refuses conn-upsert to a member: the function names the organisation in its body", async () => {
    const res = await call(t.app, "POST", "/functions/v1/conn-upsert", { cookie: member.cookie, body: { org_id: owner.orgId, provider: "openai", status: "connected" } });
    expect(res.status).toBe(403);
  });
});

/** A personal access token of the user behind the cookie. */
async function tokenOf(cookie: string, scope: "read" | "write"): Promise<string> {
  const res = await call(t.app, "POST", "/api/v1/me/access-tokens", { cookie, body: { name: `Matrix ${scope}`, scope, expires_in_days: 30 } });
  return field<string>(res, "secret");
}

const operatorRoutes = () =>
  Object.entries(routePolicies)
    .filter(([, policy]) => policy.operator)
    .map(([key]) => ({ method: key.split(" ")[0]!, path: key.split(" ")[1]! }));

describe("role matrix: the platform's operator", () => {
  it("has operator-only routes, inside organisations and out", () => {
    expect(operatorRoutes().filter((r) => r.path.includes(":orgId")).length).toBeGreaterThanOrEqual(3);
    expect(operatorRoutes().some((r) => !r.path.includes(":orgId"))).toBe(true);
  });

  it.each(operatorRoutes())("$method $path: operator and their token allowed; an owner who is no operator, a member and their tokens 403; a visitor 401", async ({ method, path }) => {
    // Each caller in an organisation of their own where they are the owner (the member in the operator's): only the operator passes.
    const urlIn = (orgId: string) => path.replace(":orgId", orgId).replace(":check", "database");
    const send = (url: string, auth: { cookie?: string; token?: string }) =>
      call(t.app, method, url, { cookie: auth.cookie, headers: auth.token ? { authorization: `Bearer ${auth.token}` } : undefined, body: method === "GET" ? undefined : {} });
    const scope = method === "GET" ? "read" : "write";

    const asOperator = await send(urlIn(owner.orgId), { cookie: owner.cookie });
    expect(asOperator.status, `operator: ${JSON.stringify(asOperator.body)}`).toBeLessThan(300);
    // Access tokens act on /api/v1 only; a function takes none (401 for anyone's).
    const takesTokens = path.startsWith("/api/v1/");
    const asOperatorToken = await send(urlIn(owner.orgId), { token: await tokenOf(owner.cookie, scope) });
    if (takesTokens) expect(asOperatorToken.status, `operator's token: ${JSON.stringify(asOperatorToken.body)}`).toBeLessThan(300);
    else expect(asOperatorToken.status).toBe(401);

    const tenantToken = await tokenOf(tenant.cookie, scope);
    if (!takesTokens) expect((await send(urlIn(tenant.orgId), { token: tenantToken })).status).toBe(401);
    for (const [who, auth] of [["owner", { cookie: tenant.cookie }], ...(takesTokens ? [["owner's token", { token: tenantToken }] as const] : [])] as const) {
      const res = await send(urlIn(tenant.orgId), auth);
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(JSON.stringify(res.body)).toContain("Only an operator of this platform can do this");
    }
    const asMember = await send(urlIn(owner.orgId), { cookie: member.cookie });
    expect(asMember.status).toBe(403);
    const asVisitor = await send(urlIn(owner.orgId), {});
    expect(asVisitor.status).toBe(401);
  });
});
