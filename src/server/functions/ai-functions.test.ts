import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationSummary, TelemetryPage } from "@/shared/chat";
import type { Task } from "@/shared/work";
import { memberships, telemetryEvents } from "../db/schema";
import { call } from "../testing/http";
import { startLlmStandIn, type LlmStandIn } from "../testing/llm-stand-ins";
import { createTestApp, type TestApp } from "../testing/test-app";
import { signedInUser } from "../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../testing/work-fixtures";

let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string };
let garden: string;
const fn = (who: { cookie: string } | null, name: string, body: unknown) => call(t.app, "POST", `/functions/v1/${name}`, { cookie: who?.cookie, body });
const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "fn-ai"), orgUser(t.app, db, "fn-ai-other")]);
  member = await signedInUser(t.app, db, "fn-ai-member");
  await db.insert(memberships).values({ orgId: u.orgId, userId: member.id, role: "member" });
  garden = await createProjectVia(u, await createPlaneVia(u, "Home"), "Garden");
});
afterAll(async () => t?.close());

describe("agent-chat", () => {
  it("answers through the same assistant and its tools, for owners of the organisation named", async () => {
    const res = await fn(u, "agent-chat", { message: "create task Weed beds in Garden due today", orgId: u.orgId, context: { conversationHistory: [{ role: "user", content: "hi" }], timestamp: new Date().toISOString() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ agent: { id: "builtin" }, response: { message: expect.stringContaining("Weed beds"), actions: [{ tool: "create_task", state: "done", href: `/app/projects/${garden}` }] } });
    expect(field<Task[]>(await u.api("GET", "/tasks?q=Weed"), "tasks")).toHaveLength(1);
    expect((await fn(member, "agent-chat", { message: "help", orgId: u.orgId })).status).toBe(403);
    expect((await fn(other, "agent-chat", { message: "help", orgId: u.orgId })).status).toBe(404);
    expect((await fn(null, "agent-chat", { message: "help", orgId: u.orgId })).status).toBe(401);
    expect((await fn(u, "agent-chat", { message: " ", orgId: "nope" })).body).toMatchObject({ ok: false, code: "bad_request" });
  });
});

describe("dev-chat", () => {
  it("answers status with real counts and keeps a dev conversation", async () => {
    await createTaskVia(u, garden, "Late one", { due_at: iso(-3) });
    const counts = field<{ all: number; overdue: number }>(await u.api("GET", "/tasks/counts"), "counts");
    const res = await fn(u, "dev-chat", { command: "status", context: { org_id: u.orgId, timestamp: new Date().toISOString() } });
    expect(res.status).toBe(200);
    const body = res.body as { command: string; response: string; timestamp: string; conversationId: string };
    expect(body.command).toBe("status");
    expect(body.response).toContain(`Tasks: ${counts.all} `);
    expect(body.response).toContain(`${counts.overdue} overdue`);
    expect(body.response).toContain("Projects: 1");
    expect(body.response).toContain("Agent jobs: 0");
    const again = await fn(u, "dev-chat", { command: "what is overdue?", context: { conversation_id: body.conversationId } });
    expect(again.body).toMatchObject({ conversationId: body.conversationId, response: expect.stringContaining("Late one") });
    const dev = field<ConversationSummary[]>(await u.api("GET", "/chat/conversations?channel=dev"), "conversations");
    expect(dev.map((c) => c.id)).toEqual([body.conversationId]);
    const convo = (await u.api("GET", `/chat/conversations/${body.conversationId}`)).body as { messages: unknown[] };
    expect(convo.messages).toHaveLength(4);
    expect((await fn(member, "dev-chat", { command: "status", context: { org_id: u.orgId } })).status).toBe(403);
    expect((await fn(other, "dev-chat", { command: "status", context: { conversation_id: body.conversationId } })).status).toBe(404);
  });
});

describe("ai-assist", () => {
  it("plans from the project's real tasks: overdue first, then due soon, then high priority", async () => {
    const project = await createProjectVia(u, await createPlaneVia(u, "Boat"), "Refit");
    const someday = await createTaskVia(u, project, "Someday", { priority: "medium" });
    const urgent = await createTaskVia(u, project, "Urgent thing", { priority: "high" });
    const soon = await createTaskVia(u, project, "Due soon", { priority: "low", due_at: iso(2) });
    const late = await createTaskVia(u, project, "Late", { priority: "low", due_at: iso(-2) });
    const later = await createTaskVia(u, project, "Later", { priority: "low", due_at: iso(30) });
    const finished = await createTaskVia(u, project, "Finished", { due_at: iso(-5) });
    await u.api("PATCH", `/tasks/${finished}`, { status: "done" });
    const res = await fn(member, "ai-assist", { org_id: u.orgId, project_id: project, goal: "Launch by spring", context_ids: [] });
    expect(res.status).toBe(200);
    const body = res.body as { status: string; plan: { step: number; task_id: string; reason: string }[]; next_actions: string[] };
    expect(body.status).toBe("ok");
    expect(body.plan.map((s) => s.task_id)).toEqual([late, soon, urgent, later, someday]);
    expect(body.plan.map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
    expect(body.plan[0]!.reason).toMatch(/^Overdue/);
    expect(body.next_actions[0]).toContain("Late");
    const focused = await fn(u, "ai-assist", { org_id: u.orgId, project_id: project, goal: "Just these", context_ids: [someday, urgent] });
    expect((focused.body as typeof body).plan.map((s) => s.task_id)).toEqual([urgent, someday]);
  });

  it("says empty for a project with no open tasks and refuses another organisation's project", async () => {
    const empty = await createProjectVia(u, await createPlaneVia(u, "Empty"), "Nothing");
    expect((await fn(u, "ai-assist", { org_id: u.orgId, project_id: empty, goal: "Start" })).body).toMatchObject({ status: "empty", plan: [] });
    const theirs = await createProjectVia(other, await createPlaneVia(other, "Theirs"), "Their project");
    expect((await fn(u, "ai-assist", { org_id: u.orgId, project_id: theirs, goal: "Steal" })).status).toBe(404);
    expect((await fn(u, "ai-assist", { org_id: other.orgId, project_id: theirs, goal: "Steal" })).status).toBe(404);
    expect((await fn(u, "ai-assist", { org_id: u.orgId, project_id: empty, goal: "" })).status).toBe(400);
  });
});

describe("telemetry", () => {
  it("stores the event with the user, the organisation for members, and scrubbed details", async () => {
    const res = await fn(u, "telemetry", { name: "chat.sent", org_id: u.orgId, details: { note: "mail me at jo@example.com", key: "abc", token_hint: "sk-abcdefghijklmnop", count: 3, ok: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, received: expect.any(String) });
    const [row] = await t.services.database.db.select().from(telemetryEvents).where(eq(telemetryEvents.userId, u.id));
    expect(row).toMatchObject({ name: "chat.sent", orgId: u.orgId, details: { note: "mail me at [email]", key: "[redacted]", token_hint: "[redacted]", count: 3, ok: true } });
    expect((await fn(other, "telemetry", { name: "x", org_id: u.orgId })).status).toBe(404);
    expect((await fn(null, "telemetry", { name: "x" })).status).toBe(401);
    expect((await fn(u, "telemetry", { name: "has spaces" })).status).toBe(400);
    // Bounded: a few keys of a few KB, so the table grows with use and not with a client's whim.
    const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect((await fn(u, "telemetry", { name: "too.many", details: manyKeys })).status).toBe(400);
    const heavy = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, "x".repeat(450)]));
    expect((await fn(u, "telemetry", { name: "too.heavy", details: heavy })).status).toBe(400);
    expect(await t.services.database.db.select().from(telemetryEvents).where(inArray(telemetryEvents.name, ["too.many", "too.heavy"]))).toEqual([]);
    expect((await fn(member, "telemetry", { name: "page.view", details: { path: "/app" } })).body).toMatchObject({ ok: true });
  });

  it("shows owners their organisation's recent events, newest first, by name and page; nobody else's", async () => {
    await fn(member, "telemetry", { name: "page.view", org_id: u.orgId, details: { path: "/app/planes" } });
    await fn(other, "telemetry", { name: "page.view", org_id: other.orgId, details: { path: "/theirs" } });
    const page = field<TelemetryPage["events"]>(await u.api("GET", "/telemetry"), "events");
    expect(page.map((e) => e.name)).toEqual(["page.view", "chat.sent"]);
    expect(page[0]).toMatchObject({ user_id: member.id, details: { path: "/app/planes" }, created_at: expect.any(String) });
    expect(page[1]!.details).toMatchObject({ key: "[redacted]" });
    expect(field<TelemetryPage["events"]>(await u.api("GET", "/telemetry?name=chat.sent"), "events").map((e) => e.name)).toEqual(["chat.sent"]);
    const first = (await u.api("GET", "/telemetry")).body as TelemetryPage;
    expect(first.next_cursor).toBeNull();
    expect((await call(t.app, "GET", `${u.base}/telemetry`, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "GET", `${u.base}/telemetry`, { cookie: other.cookie })).status).toBe(404);
    expect((await u.api("GET", "/telemetry?cursor=nope")).status).toBe(400);
    expect((await u.api("GET", "/telemetry?name=has%20spaces")).status).toBe(400);
  });
});

describe("ai-assist with a model configured", () => {
  let llm: LlmStandIn;
  let withModel: TestApp;
  let owner: OrgUser;
  let taskIds: string[] = [];
  beforeAll(async () => {
    llm = await startLlmStandIn(() => ({ text: `Here is the plan: ${JSON.stringify({ plan: [{ task_id: taskIds[1], title: "Fit mast", reason: "Blocks launch" }, { task_id: "not-a-real-id", title: "Invented", reason: "Made up" }], next_actions: ["Order rigging"] })}` }));
    withModel = await createTestApp({ ANTHROPIC_API_KEY: "sk-ant-assist-key", ANTHROPIC_BASE_URL: llm.url });
    owner = await orgUser(withModel.app, withModel.services.database.db, "fn-ai-llm");
  });
  afterAll(async () => {
    await withModel?.close();
    await llm?.close();
  });

  it("asks the model with the project's real tasks and keeps only task ids it was given", async () => {
    const project = await createProjectVia(owner, await createPlaneVia(owner, "Boat"), "Rig");
    taskIds = [await createTaskVia(owner, project, "Sand mast"), await createTaskVia(owner, project, "Fit mast")];
    const res = await call(withModel.app, "POST", "/functions/v1/ai-assist", { cookie: owner.cookie, body: { org_id: owner.orgId, project_id: project, goal: "Rig the boat" } });
    expect(res.body).toEqual({
      status: "ok",
      plan: [
        { step: 1, title: "Fit mast", task_id: taskIds[1], reason: "Blocks launch" },
        { step: 2, title: "Invented", task_id: null, reason: "Made up" },
      ],
      next_actions: ["Order rigging"],
    });
    const asked = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(asked).toContain("Sand mast");
    expect(asked).toContain("Rig the boat");
    expect(llm.requests.at(-1)!.headers["x-api-key"]).toBe("sk-ant-assist-key");
  });
});
