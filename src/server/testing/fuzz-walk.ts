import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as accessTokens from "@/shared/access-tokens";
import * as agents from "@/shared/agents";
import * as authForms from "@/shared/auth-forms";
import * as chat from "@/shared/chat";
import * as connections from "@/shared/connections";
import * as inboundMail from "@/shared/inbound-mail";
import * as functions from "@/shared/functions";
import * as hq from "@/shared/hq";
import * as jobs from "@/shared/jobs";
import * as organisations from "@/shared/organisations";
import * as work from "@/shared/work";
import * as taskTeam from "@/shared/task-team";
import * as workflows from "@/shared/workflows";
import { memberships, user } from "../db/schema";
import { sendChat } from "./chat-sse";
import { call } from "./http";
import { ROOMY_BUDGETS } from "./roomy-budgets";
import { encodeComponent, hostileBodies, hostileClasses, namesField, PROBE_BODY_VALUE, PROBE_QUERY_VALUE, type Hostile } from "./hostile-values";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./test-app";
import { GOOD_PASSWORD } from "./users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "./work-fixtures";
import { sampleDraft } from "./workflow-fixtures";

// Every route the server registers (and the better-auth endpoints the app uses) meets every class
// of hostile value (testing/hostile-values.ts) in every path parameter, query field and body field,
// and hostile whole bodies: none may answer 5xx. Fields a route reads get their values one at a
// time; fields it ignores get them all at once. A new route, field or schema is walked the day it lands.
const OVERRIDES = {
  LIMIT_WRITES_PER_MINUTE: "1000000",
  LIMIT_SEARCHES_PER_MINUTE: "1000000",
  LIMIT_IMPORTS_PER_HOUR: "1000000",
  LIMIT_STREAMS_PER_USER: "1000",
  ...ROOMY_BUDGETS,
  // Key tests must not leave the machine: a closed local port answers at once.
  OPENAI_BASE_URL: "http://127.0.0.1:9",
  ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
  KEY_TEST_TIMEOUT_MS: "200",
};
const AUTH_ROUTES = [
  "POST /api/auth/sign-up/email",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/change-password",
  "POST /api/auth/update-user",
  "POST /api/auth/send-verification-email",
  "GET /api/auth/get-session",
  "GET /api/auth/verify-email",
];
const QUERY_FIELDS = ["tz", "view", "limit", "cursor", "q", "plane_id", "project_id", "projects", "target", "to", "token", "callbackURL"];

/**
 * Registers the walk of one part of the routes (every `shards`-th, from `shard`), with an app and
 * data of its own: each part is a test file of its own (src/server/fuzz-*.test.ts).
 */
export function describeFuzz(shard: number, shards: number): void {
  let t: TestApp;
  let owner: OrgUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(OVERRIDES);
    owner = await orgUser(t.app, t.services.database.db, "fuzz", "Fuzz Org");
    ids.orgId = owner.orgId;
    ids.planeId = await createPlaneVia(owner, "Fuzz Plane");
    ids.plane2Id = await createPlaneVia(owner, "Fuzz Plane Two");
    ids.projectId = await createProjectVia(owner, ids.planeId, "Fuzz Project");
    ids.taskId = await createTaskVia(owner, ids.projectId, "Fuzz Task", { due_at: new Date().toISOString() });
    ids.connectionId = field<{ id: string }>(await owner.api("POST", "/connections", { provider: "mistral", api_key: "sk-fuzz-key-1" }), "connection").id;
    // DELETE routes aim at records of their own, so the walk keeps its data to the end.
    ids.deletePlaneId = await createPlaneVia(owner, "Doomed Plane");
    ids.deleteProjectId = await createProjectVia(owner, ids.planeId, "Doomed Project");
    ids.deleteTaskId = await createTaskVia(owner, ids.projectId, "Doomed Task");
    ids.deleteConnectionId = field<{ id: string }>(await owner.api("POST", "/connections", { provider: "groq", api_key: "sk-fuzz-key-2" }), "connection").id;
    ids.workflowId = field<{ id: string }>(await owner.api("POST", "/workflows", sampleDraft("Fuzz Workflow")), "workflow").id;
    ids.deleteWorkflowId = field<{ id: string }>(await owner.api("POST", "/workflows", sampleDraft("Doomed Workflow")), "workflow").id;
    // Members for the member routes: one to change, one to remove.
    const db = t.services.database.db;
    for (const key of ["memberId", "deleteMemberId"]) {
      const [row] = await db.insert(user).values({ id: crypto.randomUUID(), name: `Fuzz ${key}`, email: `${key}-${crypto.randomUUID()}@example.test`, emailVerified: true }).returning({ id: user.id });
      await db.insert(memberships).values({ orgId: owner.orgId, userId: row!.id, role: "member" });
      ids[key] = row!.id;
    }
    // A stored project health report (the project has no website: one info issue) for the Auto-Fix route.
    const healthReport = field<{ issues: { id: string }[] }>(await owner.api("POST", `/project-health/${ids.projectId}/analyze`), "report");
    ids.projectIssueId = healthReport.issues[0]!.id;
    // A platform scan (this app's APP_URL does not answer, so it has issues) for the fix and Manual Fix routes.
    const platformScan = field<{ id: string; issues: { id: string }[] }>(await owner.api("POST", "/health/platform/scans"), "scan");
    ids.platformScanId = platformScan.id;
    ids.platformIssueId = platformScan.issues[0]!.id;
    // A pending invitation for the revoke route.
    ids.inviteId = field<{ id: string }>(await owner.api("POST", "/invitations", { email: `fuzz-invitee-${crypto.randomUUID()}@example.test`, role: "member" }), "invitation").id;
    // The owner's own export, for the status and download routes.
    ids.exportId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/exports", { cookie: owner.cookie }), "export").id;
    // A personal access token for the revoke route.
    ids.tokenId = field<{ id: string }>(await call(t.app, "POST", "/api/v1/me/access-tokens", { cookie: owner.cookie, body: { name: "Fuzz token", scope: "read", expires_in_days: 30 } }), "token").id;
    const chat = async () => {
      const reply = await sendChat(t.app, `${owner.base}/chat/messages`, owner.cookie, { message: "help" });
      return { conversationId: reply.data<{ conversation_id: string }>("start")!.conversation_id, messageId: reply.data<{ message: { id: string } }>("done")!.message.id };
    };
    // Team work on tasks: a comment and a label to change, one of each to delete, a saved view to delete.
    const comment = async (body: string) => field<{ id: string }>(await owner.api("POST", `/tasks/${ids.taskId}/comments`, { body }), "comment").id;
    ids.commentId = await comment("Fuzz comment");
    ids.deleteCommentId = await comment("Doomed comment");
    ids.labelId = field<{ id: string }>(await owner.api("POST", "/labels", { name: "Fuzz label" }), "label").id;
    ids.deleteLabelId = field<{ id: string }>(await owner.api("POST", "/labels", { name: "Doomed label" }), "label").id;
    ids.viewId = field<{ id: string }>(await owner.api("POST", "/views", { name: "Fuzz view", query: "status=todo" }), "view").id;
    Object.assign(ids, await chat());
    ids.deleteConversationId = (await chat()).conversationId;
  }, 120_000);
  afterAll(async () => t?.close());

  /** Field names of every exported input and query schema, so a new field is fuzzed without a word here. */
  function schemaFields(suffix: "Input" | "Query"): string[] {
    const names = new Set<string>();
    for (const mod of [work, connections, inboundMail, organisations, functions, authForms, agents, chat, jobs, hq, workflows, accessTokens, taskTeam]) {
      for (const [exportName, value] of Object.entries(mod)) {
        if (exportName.endsWith(suffix) && value instanceof z.ZodObject) Object.keys(value.shape as object).forEach((k) => names.add(k));
      }
    }
    return [...names];
  }

  const fuzzDraft = sampleDraft("Fuzz Workflow");
  // A fresh copy each time: bodyWith writes into nested fields.
  const workflowDraftFields = () => structuredClone({ trigger: "webhook", nodes: fuzzDraft.nodes, connections: fuzzDraft.connections, settings: fuzzDraft.settings, version: 1, activate: false });

  /** A body valid for most routes, so a hostile value in one field reaches the verb behind it. */
  function baseBody(path: string): Record<string, unknown> {
    const status = path.includes("/projects") ? "active" : path.includes("/connections") || path.includes("conn-upsert") ? "connected" : "done";
    return {
      name: "Fuzz Name",
      title: "Fuzz Title",
      type: "work",
      color: "#123456",
      status,
      priority: "high",
      due_at: "2030-01-01T00:00:00.000Z",
      description: "Fuzz description",
      website_url: "https://example.test",
      plane_id: ids.planeId,
      project_id: ids.projectId,
      provider: path.includes("conn-upsert") ? "groq" : "mistral",
      api_key: "sk-fuzz-key-3",
      endpoint: "https://example.test/hook",
      org_id: ids.orgId,
      user_id: owner.id,
      org_name: "Fuzz Org",
      business_name: "Fuzz Business",
      rows: [{ title: "Imported", project: "Fuzz Project", priority: "low", due: "2030-01-01" }],
      auth_json: { apiKey: "sk-fuzz-key-4", endpoint: "https://example.test", description: "d" },
      email: `fuzz-${owner.id.slice(0, 8)}@example.test`,
      password: GOOD_PASSWORD,
      // Wrong on purpose: a change-password that succeeded could end the session the walk runs on.
      currentPassword: "not-the-password-42",
      newPassword: GOOD_PASSWORD,
      confirm: GOOD_PASSWORD,
      token: "not-a-token",
      callbackURL: "/",
      redirectTo: "/",
      image: "https://example.test/a.png",
      rememberMe: true,
      revokeOtherSessions: false,
      // A saved workflow's draft: a hostile value in one of its fields reaches the workflow verbs.
      ...workflowDraftFields(),
    };
  }
  const NESTED_FIELDS = [
    ...["rows.0.title", "rows.0.project", "rows.0.priority", "rows.0.due", "auth_json.apiKey", "auth_json.endpoint", "auth_json.description"],
    ...["nodes.0.name", "nodes.0.type", "nodes.0.parameters", "nodes.0.position.x", "nodes.1.parameters.url", "connections.0.from", "connections.0.output", "settings.timeout"],
  ];
  const bodyFields = () => [...new Set([...schemaFields("Input"), ...Object.keys(baseBody(""))])];
  /** A body field whose valid value is a date: the far-date, zone and cursor values all go there. */
  function isDateField(path: string, fieldPath: string): boolean {
    const value: unknown = fieldPath.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], baseBody(path));
    return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value);
  }
  const queryFields = () => [...new Set([...QUERY_FIELDS, ...schemaFields("Query")])];
  const baseQuery = (): Record<string, string> => ({ tz: "UTC", view: "all", limit: "5", q: "Fuzz", plane_id: ids.planeId!, project_id: ids.projectId!, projects: "refuse", target: ids.plane2Id! });

  /** The body as JSON text with the values at some field paths replaced by raw JSON fragments. */
  function bodyWith(path: string, values: Record<string, string>): string {
    const body = baseBody(path);
    const fragments: string[] = [];
    for (const [fieldPath, json] of Object.entries(values)) {
      const keys = fieldPath.split(".");
      let node = body as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[keys.at(-1)!] = `\u0001${fragments.push(json) - 1}\u0001`;
    }
    return JSON.stringify(body).replace(/"\\u0001(\d+)\\u0001"/g, (_, i: string) => fragments[Number(i)]!);
  }

  function queryWith(overrides: Record<string, string>): string {
    const q = { ...baseQuery(), ...overrides };
    return "?" + Object.entries(q).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join("&");
  }

  function pathWith(route: Route, param?: string, value?: string): string {
    const deleting = route.method === "DELETE";
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
      scanId: ids.platformScanId,
      issueId: ids.platformIssueId,
      inviteId: ids.inviteId,
      tokenId: ids.tokenId,
      exportId: ids.exportId,
      commentId: deleting ? ids.deleteCommentId : ids.commentId,
      labelId: deleting ? ids.deleteLabelId : ids.labelId,
      viewId: ids.viewId,
      // No import runs in this walk: an unknown one must answer 404, never 500.
      importId: crypto.randomUUID(),
      // A quick smoke check (the queue one would wait for a worker this app does not run).
      check: "database",
      // Short, so no log line holds anything shaped like a live reset token.
      token: "nope",
    };
    return route.path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === param) return encodeComponent(value!);
      const id = real[name];
      if (!id) throw new Error(`Route parameter :${name} in ${route.path} is not mapped in testing/fuzz-walk.ts`);
      return id;
    });
  }

  type Route = { method: string; path: string };
  type Body = { text: string; contentType: string };
  type Sent = { status: number; text: string };

  function registeredRoutes(): Route[] {
    const seen = new Set<string>();
    const routes = t.app.routes
      .filter((r) => r.method !== "ALL" && !r.path.includes("*"))
      .map((r) => ({ method: r.method, path: r.path }))
      .concat(AUTH_ROUTES.map((r) => ({ method: r.split(" ")[0]!, path: r.split(" ")[1]! })));
    return routes.filter((r) => !seen.has(`${r.method} ${r.path}`) && Boolean(seen.add(`${r.method} ${r.path}`)));
  }

  let octet = 0;
  async function send(method: string, path: string, body?: Body): Promise<Sent> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: owner.cookie };
    if (body) headers["content-type"] = body.contentType;
    // A fresh address per request, as testing/http.ts does, so per-address limits stay out of the way.
    octet = (octet + 1) % 250;
    const socket = { remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${octet + 1}` };
    const res = await t.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body: body?.text }, { incoming: { socket } });
    // The events route never ends its body: its status is all there is to check.
    if (res.headers.get("content-type")?.includes("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, text: "(event stream)" };
    }
    return { status: res.status, text: await res.text() };
  }

  const short = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}… (${s.length} chars)` : s);

  const tally = { requests: 0, failures: [] as string[], statuses: new Map<number, number>() };
  let turn = 0;
  /** One value of a class, a different one each time, so the walk spreads the whole corpus. */
  const pick = (values: Hostile[]) => values[turn++ % values.length]!;

  async function check(label: string, value: string, method: string, path: string, body?: Body): Promise<Sent> {
    const res = await send(method, path, body);
    tally.requests++;
    tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) tally.failures.push(`${label} value=${JSON.stringify(short(value))} -> ${res.status} ${short(res.text)}`);
    return res;
  }

  const json = (text: string): Body => ({ text, contentType: "application/json" });
  const probe = (names: string[], value: string) => Object.fromEntries(names.map((n) => [n, value]));
  // Nested paths go in requests of their own: their parents must stay intact to reach them.
  const byDepth = (names: string[]) => [names.filter((n) => !n.includes(".")), names.filter((n) => n.includes("."))];

  async function walk(route: Route, routeIndex: number, fields: { query: string[]; body: string[] }) {
    const label = `${route.method} ${route.path}`;
    const hasBody = route.method !== "GET" && route.method !== "HEAD";
    const okBody = hasBody ? json(bodyWith(route.path, {})) : undefined;
    const okPath = pathWith(route);
    const sendQuery = (name: string, values: Record<string, string>) => check(`${label} [query ${name}]`, JSON.stringify(values), route.method, okPath + queryWith(values), okBody);
    const sendBody = (name: string, values: Record<string, string>) => check(`${label} [body ${name}]`, JSON.stringify(values), route.method, okPath + queryWith({}), json(bodyWith(route.path, values)));

    // Which fields does the route read? A probe every schema refuses, in all fields at once, makes
    // the route name them (schemas report every issue).
    const queryProbe = (await sendQuery("probe", probe(fields.query, PROBE_QUERY_VALUE))).text;
    const readQuery = fields.query.filter((n) => namesField(queryProbe, "query", n));
    const readBody: string[] = [];
    if (hasBody) {
      const base = await sendBody("base", {});
      for (const group of byDepth(fields.body)) {
        const res = await sendBody("probe", probe(group, PROBE_BODY_VALUE));
        const named = group.filter((n) => namesField(res.text, "body", n));
        // /functions/v1 refusals name no field: there, one probe per field, read if it alone is refused.
        const unnamed = named.length === 0 && res.status === 400 && base.status !== 400;
        for (const n of unnamed ? group : []) if ((await sendBody("probe", { [n]: PROBE_BODY_VALUE })).status === 400) named.push(n);
        readBody.push(...named);
      }
    }

    // Every input of the walk, by its class of hostile value, in the order the full walk sends them.
    const inputs: { cls: string; send: () => Promise<Sent> }[] = [];
    const add = (cls: string, send: () => Promise<Sent>) => inputs.push({ cls, send });
    for (const cls of hostileClasses) {
      const some = (sweep: boolean) => (cls.sweep && sweep ? cls.values : [pick(cls.values)]);
      for (const param of route.path.match(/:(\w+)/g) ?? []) {
        const v = pick(cls.values);
        add(cls.name, () => check(`${label} [path ${param} ${cls.name}]`, v.text, route.method, pathWith(route, param.slice(1), v.text) + queryWith({}), okBody));
      }
      for (const name of readQuery) for (const v of some(true)) add(cls.name, () => sendQuery(`${name} ${cls.name}`, { [name]: v.text }));
      const unreadQuery = Object.fromEntries(fields.query.filter((n) => !readQuery.includes(n)).map((n) => [n, pick(cls.values).text]));
      add(cls.name, () => sendQuery(`unread ${cls.name}`, unreadQuery));
      if (!hasBody) continue;
      for (const name of readBody) for (const v of some(isDateField(route.path, name))) add(cls.name, () => sendBody(`${name} ${cls.name}`, { [name]: v.json }));
      for (const group of byDepth(fields.body.filter((n) => !readBody.includes(n)))) {
        const values = Object.fromEntries(group.map((n) => [n, pick(cls.values).json]));
        add(cls.name, () => sendBody(`unread ${cls.name}`, values));
      }
    }
    for (const whole of hasBody ? hostileBodies : []) {
      add("whole body", () => check(`${label} [whole body ${whole.name}]`, whole.body, route.method, okPath + queryWith({}), { text: whole.body, contentType: whole.contentType }));
    }
    for (const input of sampled(inputs, routeIndex)) await input.send();
  }

  /**
   * With FUZZ_SAMPLE=n, of each class of hostile value a route sends every n-th input (at least
   * one), starting one further along on each route, so the routes between them still cover every
   * position: for a second run of the walk (.ci/run's PostgreSQL phase), not the first.
   */
  const sampleEvery = Number(process.env.FUZZ_SAMPLE ?? "1");
  if (!Number.isInteger(sampleEvery) || sampleEvery < 1) throw new Error(`FUZZ_SAMPLE must be a whole number from 1, not ${process.env.FUZZ_SAMPLE}`);
  function sampled<T extends { cls: string }>(inputs: T[], routeIndex: number): T[] {
    if (sampleEvery === 1) return inputs;
    const kept: T[] = [];
    for (const cls of new Set(inputs.map((input) => input.cls))) {
      const ofClass = inputs.filter((input) => input.cls === cls);
      const some = ofClass.filter((_, i) => (i + routeIndex) % sampleEvery === 0);
      kept.push(...(some.length > 0 ? some : [ofClass[routeIndex % ofClass.length]!]));
    }
    return inputs.filter((input) => kept.includes(input));
  }

  describe(`fuzz, part ${shard + 1} of ${shards}`, () => {
    it("never answers 5xx to anything a client can send, on any route", async () => {
      const routes = registeredRoutes();
      const fields = { query: queryFields(), body: [...bodyFields(), ...NESTED_FIELDS] };
      // Shard `shard` of `shards` walks every shards-th route: the files run side by side on CI's two cores.
      for (const [i, route] of routes.entries()) if (i % shards === shard) await walk(route, Math.floor(i / shards), fields);
      const byStatus = [...tally.statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}:${n}`).join(" ");
      console.log(`fuzz ${shard + 1}/${shards}: ${routes.filter((_, i) => i % shards === shard).length} of ${routes.length} routes walked, ${tally.requests} requests sent${sampleEvery > 1 ? ` (1 in ${sampleEvery} inputs of each class)` : ""}, ${tally.failures.length} 5xx seen (statuses ${byStatus})`);
      expect(routes.length).toBeGreaterThan(30);
      expect(tally.failures, tally.failures.slice(0, 40).join("\n")).toEqual([]);
    }, 600_000);
  });
}
