import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_FAILED_SYSTEM_MESSAGE, type ChatAction, type ChatMessage } from "@/shared/chat";
import type { Task } from "@/shared/work";
import { automations, chatMessages, connections } from "../../db/schema";
import { sendChat } from "../../testing/chat-sse";
import { startLlmStandIn, type LlmStandIn } from "../../testing/llm-stand-ins";
import { startN8nStandIn, type N8nStandIn } from "../../testing/n8n-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { sealAuth } from "../connections/connection-auth";
import { llmTargetOf } from "./llm-target";

const lastUserText = (body: { messages?: Record<string, unknown>[] }) => {
  const users = (body.messages ?? []).filter((m) => m.role === "user");
  const content = users.at(-1)?.content;
  return typeof content === "string" ? content : JSON.stringify(content);
};
const hasToolResult = (body: { messages?: Record<string, unknown>[] }) => (body.messages ?? []).some((m) => m.role === "tool");

describe("chat answered by an LLM", () => {
  let llm: LlmStandIn;
  let t: TestApp;
  let u: OrgUser;
  let garden: string;
  beforeAll(async () => {
    llm = await startLlmStandIn((req) => {
      const said = lastUserText(req.body);
      if (said.includes("stop me")) return { text: "Thinking about it for a long while", hang: true };
      if (said.includes("loop")) return { toolCalls: [{ name: "list_overdue", arguments: {} }] };
      if (hasToolResult(req.body)) return { text: "Done: the task is in Garden." };
      return { text: "On it. ", toolCalls: [{ name: "create_task", arguments: { title: "Scrape keel", project: "Garden", due: "2026-12-01", priority: "low" } }] };
    });
    t = await createTestApp({ OPENAI_API_KEY: "sk-server-chat-key", OPENAI_BASE_URL: llm.url });
    u = await orgUser(t.app, t.services.database.db, "chat-llm");
    garden = await createProjectVia(u, await createPlaneVia(u, "Yard"), "Garden");
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it("does not call the server's key ready: nothing has checked it", async () => {
    expect((await u.api("GET", "/chat/agents")).body).toMatchObject({ ready_count: 1, agents: [{ id: "n8n" }, { id: "llm", ready: false, detail: "Server key, not checked (OpenAI)" }, { id: "builtin", ready: true }] });
  });

  it("runs the model's create_task call through the task verb and feeds the result back", async () => {
    const reply = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "please add scrape keel to Garden for Dec 1st" });
    expect(reply.events[0]!.event).toBe("start");
    expect(reply.events.at(-1)!.event).toBe("done");
    const action = reply.data<ChatAction>("action")!;
    expect(action).toMatchObject({ tool: "create_task", state: "done", href: `/app/projects/${garden}` });
    const done = reply.data<{ message: ChatMessage }>("done")!.message;
    expect(done.content).toBe("On it. \n\nDone: the task is in Garden.");
    expect(done.metadata).toMatchObject({ source: "llm", actions: [action] });
    const task = field<Task[]>(await u.api("GET", `/tasks?project_id=${garden}`), "tasks").find((x) => x.title === "Scrape keel")!;
    expect(task).toMatchObject({ priority: "low", due_at: "2026-12-01T17:00:00.000Z" });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]!.headers.authorization).toBe("Bearer sk-server-chat-key");
    expect((llm.requests[0]!.body.tools ?? []).length).toBe(13);
    expect(JSON.stringify(llm.requests[1]!.body.messages)).toContain("Created task");
  });

  it("stops after five rounds of tool calls", async () => {
    const before = llm.requests.length;
    const reply = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "loop for ever" });
    expect(llm.requests.length - before).toBe(5);
    expect(reply.events.filter((e) => e.event === "action")).toHaveLength(5);
    expect(reply.data<{ message: ChatMessage }>("done")!.message.content).toContain("I stopped after 5 rounds");
  });

  it("keeps what arrived, marked stopped, when the user presses Stop", async () => {
    const reply = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "stop me if you can" }, { stopAfter: "delta" });
    const conversationId = reply.data<{ conversation_id: string }>("start")!.conversation_id;
    const db = t.services.database.db;
    let stored: (typeof chatMessages.$inferSelect)[] = [];
    for (let i = 0; i < 100 && stored.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stored = await db.select().from(chatMessages).where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.role, "assistant")));
    }
    expect(stored).toHaveLength(1);
    expect(stored[0]!.metadata).toMatchObject({ stopped: true });
    expect("Thinking about it for a long while".startsWith(stored[0]!.content)).toBe(true);
    expect(stored[0]!.content.length).toBeGreaterThan(0);
  });

  it("prefers the organisation's own key, and a refused key ends in the failure message", async () => {
    const db = t.services.database.db;
    const id = randomUUID();
    await db.insert(connections).values({ id, orgId: u.orgId, provider: "openai", status: "connected", authJson: sealAuth(t.services.secrets, { orgId: u.orgId, connectionId: id }, { apiKey: "sk-bad" }) });
    // Ready only once the key passed its stored test; a key merely present says so.
    const untested = await u.api("GET", "/chat/agents");
    expect(untested.body).toMatchObject({ ready_count: 1, agents: [{ id: "n8n", ready: false }, { id: "llm", ready: false, detail: expect.stringContaining("not checked") }, { id: "builtin", ready: true }] });
    await db.update(connections).set({ testOutcome: "valid" }).where(eq(connections.id, id));
    const agents = await u.api("GET", "/chat/agents");
    expect(agents.body).toMatchObject({ ready_count: 2, agents: [{ id: "n8n", ready: false }, { id: "llm", ready: true, detail: "OpenAI with the organisation's key" }, { id: "builtin", ready: true }] });
    const reply = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "hello there" });
    expect(llm.requests.at(-1)!.headers.authorization).toBe("Bearer sk-bad");
    expect(reply.events.map((e) => e.event)).toEqual(["start", "error"]);
    const error = reply.data<{ message: ChatMessage; error: string }>("error")!;
    expect(error.message).toMatchObject({ role: "system", content: CHAT_FAILED_SYSTEM_MESSAGE });
    expect(error.error).not.toContain("sk-bad");
    const builtin = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "help", agent_id: "builtin" });
    expect(builtin.data<{ message: ChatMessage }>("done")!.message.metadata.source).toBe("builtin");
    await db.delete(connections).where(eq(connections.id, id));
  });

  it("passes an endpoint the user stored as untrusted, and the server's own as trusted", async () => {
    const db = t.services.database.db;
    const id = randomUUID();
    const ctx = { db, scope: { orgId: u.orgId, userId: u.id, role: "owner", isOwner: true, requiresTwoFactor: false }, now: () => new Date(), tz: "UTC", env: t.services.env, box: t.services.secrets };
    expect((await llmTargetOf(ctx))!.target).toEqual({ protocol: "openai", baseUrl: llm.url, apiKey: "sk-server-chat-key", model: "gpt-4o-mini", trusted: true });
    await db.insert(connections).values({ id, orgId: u.orgId, provider: "anthropic", status: "connected", authJson: sealAuth(t.services.secrets, { orgId: u.orgId, connectionId: id }, { apiKey: "sk-ant-org", endpoint: "http://127.0.0.1:9/mine" }) });
    expect((await llmTargetOf(ctx))!.target).toMatchObject({ protocol: "anthropic", baseUrl: "http://127.0.0.1:9/mine", apiKey: "sk-ant-org", trusted: false });
    // The SSRF guard refuses a loopback address a user stored: the answer fails, nothing is fetched.
    const before = llm.requests.length;
    const reply = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "hello", agent_id: "llm" });
    expect(reply.events.map((e) => e.event)).toEqual(["start", "error"]);
    expect(llm.requests.length).toBe(before);
    await db.delete(connections).where(eq(connections.id, id));
  });
});

describe("chat answered by the organisation's n8n agent", () => {
  const secret = randomBytes(32).toString("hex");
  let n8n: N8nStandIn;
  let t: TestApp;
  let u: OrgUser;
  beforeAll(async () => {
    n8n = await startN8nStandIn({ secret });
    t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: secret });
    u = await orgUser(t.app, t.services.database.db, "chat-n8n");
    await t.services.database.db.insert(automations).values({ orgId: u.orgId, name: "Ops agent", trigger: "agent", status: "enabled", configJson: { provider: "n8n", webhook_path: "we-love-hq-agent" } });
  });
  afterAll(async () => {
    await t?.close();
    await n8n?.close();
  });

  it("answers through the signed webhook with the history, and falls back to the built-in assistant when n8n is down", async () => {
    n8n.respondWith((d) => (d.verified ? { status: 200, json: { response: { message: "Hello from n8n", workflow: { name: "Chat flow" } } } } : { status: 401 }));
    // Enabled and configured is not ready: only a passed test is. Chat still tries it and falls through on failure.
    expect((await u.api("GET", "/chat/agents")).body).toMatchObject({ ready_count: 1, agents: [{ id: "n8n", name: "Ops agent", ready: false, detail: expect.stringContaining("Not tested") }, { ready: false }, { ready: true }] });
    const db = t.services.database.db;
    await db.update(automations).set({ configJson: { provider: "n8n", webhook_path: "we-love-hq-agent", last_test: { ok: false, at: new Date().toISOString(), message: "n8n could not be reached" } } }).where(eq(automations.orgId, u.orgId));
    expect((await u.api("GET", "/chat/agents")).body).toMatchObject({ ready_count: 1, agents: [{ id: "n8n", ready: false, detail: "Its last test failed: n8n could not be reached" }, {}, {}] });
    await db.update(automations).set({ configJson: { provider: "n8n", webhook_path: "we-love-hq-agent", last_test: { ok: true, at: new Date().toISOString(), message: "Answered 200" } } }).where(eq(automations.orgId, u.orgId));
    expect((await u.api("GET", "/chat/agents")).body).toMatchObject({ ready_count: 2, agents: [{ id: "n8n", name: "Ops agent", ready: true }, { ready: false }, { ready: true }] });
    const first = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "hi agent" });
    const done = first.data<{ message: ChatMessage }>("done")!.message;
    expect(done).toMatchObject({ content: "Hello from n8n", metadata: { source: "n8n", workflow: { name: "Chat flow" } } });
    const conversationId = first.data<{ conversation_id: string }>("start")!.conversation_id;

    await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { conversation_id: conversationId, message: "and again" });
    const delivery = n8n.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ path: "we-love-hq-agent", verified: true });
    expect(delivery.body).toMatchObject({ kind: "chat", message: "and again", orgId: u.orgId, context: { conversationHistory: [{ role: "user", content: "hi agent" }, { role: "assistant", content: "Hello from n8n" }] } });

    n8n.setDown(true);
    const fallback = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { conversation_id: conversationId, message: "help" });
    expect(fallback.data<{ message: ChatMessage }>("done")!.message).toMatchObject({ metadata: { source: "builtin" }, content: expect.stringContaining("create task") });
    n8n.setDown(false);
    n8n.respondWith(null);
    // n8n's plain acknowledgement says nothing to the user: the built-in assistant answers.
    const ack = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "help" });
    expect(ack.data<{ message: ChatMessage }>("done")!.message.metadata.source).toBe("builtin");
  });
});
