import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatAction, ChatMessage, ConversationSummary } from "@/shared/chat";
import type { Task } from "@/shared/work";
import { memberships } from "../../db/schema";
import { sendChat } from "../../testing/chat-sse";
import { call } from "../../testing/http";
import { openStream } from "../../testing/sse-stream";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { resolveDue } from "./builtin/parse-due";

let t: TestApp;
let u: OrgUser;
let other: OrgUser;
let garden: string;
const say = (who: { cookie: string }, base: string, body: Record<string, unknown>) => sendChat(t.app, `${base}/chat/messages`, who.cookie, body);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  [u, other] = await Promise.all([orgUser(t.app, db, "chat"), orgUser(t.app, db, "chat-other")]);
  garden = await createProjectVia(u, await createPlaneVia(u, "Home"), "Garden");
});
afterAll(async () => t?.close());

describe("chat with the built-in assistant", () => {
  it("creates a real task, publishes the change and keeps the conversation", async () => {
    const live = await openStream(t.app, u.orgId, u.cookie);
    await live.waitFor((e) => e.event === "ready");
    const reply = await say(u, u.base, { message: "create task Paint hull in Garden due tomorrow priority high" });
    expect(reply.status).toBe(200);
    // Both event streams tell a proxy such as nginx not to hold them back in its buffer.
    expect(reply.headers.get("x-accel-buffering")).toBe("no");
    expect(live.headers.get("x-accel-buffering")).toBe("no");
    expect(reply.events.map((e) => e.event)).toEqual(["start", "action", "delta", "done"]);
    const start = reply.data<{ conversation_id: string; user_message: ChatMessage }>("start")!;
    expect(start.user_message).toMatchObject({ role: "user", content: "create task Paint hull in Garden due tomorrow priority high" });
    const action = reply.data<ChatAction>("action")!;
    expect(action).toMatchObject({ tool: "create_task", state: "done", href: `/app/projects/${garden}` });
    const done = reply.data<{ message: ChatMessage }>("done")!.message;
    expect(done).toMatchObject({ role: "assistant", metadata: { source: "builtin", actions: [action] } });
    expect(done.content).toContain("Paint hull");

    const tasks = field<Task[]>(await u.api("GET", `/tasks?project_id=${garden}`), "tasks");
    const task = tasks.find((x) => x.title === "Paint hull")!;
    expect(task).toMatchObject({ priority: "high", status: "todo", due_at: resolveDue({ kind: "offset", days: 1 }, "UTC", new Date()) });
    await live.waitFor((e) => e.event === "change" && JSON.parse(e.data).id === task.id && JSON.parse(e.data).action === "created");
    await live.close();

    const again = await say(u, u.base, { conversation_id: start.conversation_id, message: "what is overdue?" });
    expect(again.data<{ message: ChatMessage }>("done")!.message.metadata.actions![0]).toMatchObject({ tool: "list_overdue", state: "done" });
    const convo = await u.api("GET", `/chat/conversations/${start.conversation_id}`);
    expect(convo.status).toBe(200);
    const body = convo.body as { conversation: ConversationSummary; messages: ChatMessage[] };
    expect(body.conversation).toMatchObject({ id: start.conversation_id, channel: "orchestrator", title: "create task Paint hull in Garden due tomorrow priority high" });
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(body.messages[1]).toEqual(done);
    const list = field<ConversationSummary[]>(await u.api("GET", "/chat/conversations"), "conversations");
    expect(list[0]!.id).toBe(start.conversation_id);
    expect(field<ConversationSummary[]>(await u.api("GET", "/chat/conversations?channel=dev"), "conversations")).toEqual([]);
  });

  it("answers the other commands from the organisation's real tasks", async () => {
    await createTaskVia(u, garden, "Buy rope", { due_at: "2020-01-01T09:00:00.000Z" });
    const overdue = await say(u, u.base, { message: "what's overdue?" });
    expect(overdue.data<{ message: ChatMessage }>("done")!.message.content).toContain("Buy rope");
    const summary = await say(u, u.base, { message: "summarise Garden" });
    expect(summary.data<ChatAction>("action")).toMatchObject({ tool: "summarise_project", href: `/app/projects/${garden}`, detail: expect.stringContaining("1 overdue") });
    const found = await say(u, u.base, { message: "find rope" });
    expect(found.data<{ message: ChatMessage }>("done")!.message.content).toContain("Buy rope");
    const completed = await say(u, u.base, { message: "complete task Buy rope" });
    expect(completed.data<ChatAction>("action")).toMatchObject({ tool: "complete_task", state: "done" });
    expect(field<Task[]>(await u.api("GET", "/tasks?q=Buy%20rope"), "tasks")[0]!.status).toBe("done");
    const nope = await say(u, u.base, { message: "create task Fly in Nowhere" });
    expect(nope.data<ChatAction>("action")).toMatchObject({ tool: "create_task", state: "failed", detail: expect.stringContaining("Garden") });
    const help = await say(u, u.base, { message: "sing a song" });
    expect(help.data<{ message: ChatMessage }>("done")!.message.content).toContain("create task");
    const status = await say(u, u.base, { message: "status" });
    expect(status.data<{ message: ChatMessage }>("done")!.message.content).toMatch(/Tasks: \d+ .*\nProjects: 1.*\nAgent jobs: 0/s);
  });

  it("deletes a task only after the user confirms, and cancel leaves it", async () => {
    const id = await createTaskVia(u, garden, "Old anchor");
    const proposed = await say(u, u.base, { message: "delete task Old anchor" });
    const action = proposed.data<ChatAction>("action")!;
    expect(action).toMatchObject({ tool: "delete_task", state: "needs_confirmation", href: `/app/projects/${garden}` });
    const messageId = proposed.data<{ message: ChatMessage }>("done")!.message.id;
    expect((await u.api("GET", `/tasks/${id}`)).status).toBe(200);

    const cancelled = await u.api("POST", `/chat/messages/${messageId}/confirm`, { action_id: action.id, decision: "cancel" });
    expect(field<ChatMessage>(cancelled, "message").metadata.actions![0]).toMatchObject({ id: action.id, state: "cancelled" });
    expect((await u.api("GET", `/tasks/${id}`)).status).toBe(200);
    expect((await u.api("POST", `/chat/messages/${messageId}/confirm`, { action_id: action.id, decision: "confirm" })).status).toBe(409);

    const again = await say(u, u.base, { message: "delete task Old anchor" });
    const second = again.data<ChatAction>("action")!;
    const secondId = again.data<{ message: ChatMessage }>("done")!.message.id;
    expect((await u.api("POST", `/chat/messages/${secondId}/confirm`, { action_id: "nope", decision: "confirm" })).status).toBe(404);
    expect((await other.api("POST", `/chat/messages/${secondId}/confirm`, { action_id: second.id, decision: "confirm" })).status).toBe(404);
    const confirmed = await u.api("POST", `/chat/messages/${secondId}/confirm`, { action_id: second.id, decision: "confirm" });
    expect(field<ChatMessage>(confirmed, "message").metadata.actions![0]).toMatchObject({ state: "confirmed" });
    expect((await u.api("GET", `/tasks/${id}`)).status).toBe(404);
    const stored = (await u.api("GET", `/chat/conversations/${again.data<{ conversation_id: string }>("start")!.conversation_id}`)).body as { messages: ChatMessage[] };
    expect(stored.messages.at(-1)!.metadata.actions![0]!.state).toBe("confirmed");
    expect(JSON.stringify(stored)).not.toContain("pending");
  });

  it("says the action cards in the reader's language, in the stream and when the conversation is read again", async () => {
    await createTaskVia(u, garden, "Hedge");
    const german = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "delete task Hedge" }, { language: "de" });
    const card = german.data<ChatAction>("action")!;
    expect(card).toMatchObject({ title: "„Hedge“ löschen?", detail: "Garden: Das lässt sich nicht rückgängig machen" });
    expect(german.data<{ message: ChatMessage }>("done")!.message.metadata.actions![0]).toMatchObject({ title: card.title });
    const messageId = german.data<{ message: ChatMessage }>("done")!.message.id;
    const cancelled = await call(t.app, "POST", `${u.base}/chat/messages/${messageId}/confirm`, { cookie: u.cookie, body: { action_id: card.id, decision: "cancel" }, headers: { "accept-language": "fr" } });
    expect(field<ChatMessage>(cancelled, "message").metadata.actions![0]).toMatchObject({ title: "Supprimer «\u202fHedge\u202f»\u202f?", detail: "Annulé\u202f: rien n’a été modifié" });
    // Stored in English: an English reader reads it in English.
    const conversation = german.data<{ conversation_id: string }>("start")!.conversation_id;
    const english = (await u.api("GET", `/chat/conversations/${conversation}`)).body as { messages: ChatMessage[] };
    expect(english.messages.at(-1)!.metadata.actions![0]).toMatchObject({ title: 'Delete "Hedge"?', detail: "Cancelled: nothing was changed" });
  });
});

describe("chat access", () => {
  it("never shows a conversation to another user or organisation", async () => {
    const mine = await say(u, u.base, { message: "help" });
    const conversationId = mine.data<{ conversation_id: string }>("start")!.conversation_id;
    const db = t.services.database.db;
    const coOwner = await signedInUser(t.app, db, "chat-co-owner");
    await db.insert(memberships).values({ orgId: u.orgId, userId: coOwner.id, role: "owner" });
    const asCoOwner = (method: string, path: string, body?: unknown) => call(t.app, method, `${u.base}${path}`, { cookie: coOwner.cookie, body });
    expect((await asCoOwner("GET", `/chat/conversations/${conversationId}`)).status).toBe(404);
    expect((await asCoOwner("DELETE", `/chat/conversations/${conversationId}`)).status).toBe(404);
    expect(field<ConversationSummary[]>(await asCoOwner("GET", "/chat/conversations"), "conversations")).toEqual([]);
    const intrude = await say(coOwner, u.base, { conversation_id: conversationId, message: "hello" });
    expect(intrude.status).toBe(404);
    expect((await other.api("GET", `/chat/conversations/${conversationId}`)).status).toBe(404);
    expect((await call(t.app, "GET", `${u.base}/chat/conversations/${conversationId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "GET", `${u.base}/chat/conversations`)).status).toBe(401);

    expect((await u.api("DELETE", `/chat/conversations/${conversationId}`)).body).toEqual({ ok: true });
    expect((await u.api("GET", `/chat/conversations/${conversationId}`)).status).toBe(404);
  });

  it("refuses a member with 403", async () => {
    const db = t.services.database.db;
    const member = await signedInUser(t.app, db, "chat-member");
    await db.insert(memberships).values({ orgId: u.orgId, userId: member.id, role: "member" });
    const res = await say(member, u.base, { message: "help" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: "forbidden" } });
    expect((await call(t.app, "GET", `${u.base}/chat/conversations`, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "GET", `${u.base}/chat/agents`, { cookie: member.cookie })).status).toBe(403);
  });

  it("rejects bad input with the fields at fault", async () => {
    for (const [body, key] of [
      [{ message: "   " }, "message"],
      [{ message: "x".repeat(4001) }, "message"],
      [{ message: "hi", channel: "nope" }, "channel"],
      [{ message: "hi", conversation_id: "abc" }, "conversation_id"],
      [{ message: "hi", tz: "Mars/Olympus" }, "tz"],
    ] as const) {
      const res = await say(u, u.base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(key);
    }
    expect((await u.api("GET", "/chat/conversations/abc")).status).toBe(400);
    expect((await u.api("POST", `/chat/messages/${crypto.randomUUID()}/confirm`, { action_id: "x", decision: "maybe" })).status).toBe(400);
  });

  it("lists the agents with real readiness: only the built-in one without n8n or a key", async () => {
    const res = await u.api("GET", "/chat/agents");
    expect(res.body).toMatchObject({ ready_count: 1, agents: [{ id: "n8n", ready: false }, { id: "llm", ready: false }, { id: "builtin", ready: true }] });
    const german = await call(t.app, "GET", `${u.base}/chat/agents`, { cookie: u.cookie, headers: { "accept-language": "de" } });
    expect(german.body).toMatchObject({ agents: [{ name: "n8n-Agent", detail: "Noch kein Agent eingerichtet" }, { name: "KI-Assistent" }, { name: "Integrierter Assistent" }] });
  });
});

// One server with AI off for the chat routes and the functions alike.
describe("chat with AI turned off", () => {
  let off: TestApp;
  let owner: OrgUser;
  beforeAll(async () => {
    off = await createTestApp({ AI_ASSIST_ENABLED: "0" });
    owner = await orgUser(off.app, off.services.database.db, "chat-off");
  });
  afterAll(async () => off?.close());

  it("refuses chat and says the agents are off", async () => {
    const res = await sendChat(off.app, `${owner.base}/chat/messages`, owner.cookie, { message: "help" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: "forbidden", message: "AI features are turned off on this server" } });
    expect((await owner.api("GET", "/chat/conversations")).status).toBe(403);
    const agents = await owner.api("GET", "/chat/agents");
    expect(agents.body).toMatchObject({ ready_count: 0, ai_enabled: false, agents: [{ ready: false, detail: "AI features are turned off on this server" }, { ready: false }, { ready: false }] });
  });

  it("refuses the AI functions too (agent-chat, dev-chat, ai-assist), not telemetry", async () => {
    const project = await createProjectVia(owner, await createPlaneVia(owner, "P"), "Q");
    const post = (name: string, body: unknown) => call(off.app, "POST", `/functions/v1/${name}`, { cookie: owner.cookie, body });
    for (const [name, body] of [
      ["agent-chat", { message: "help", orgId: owner.orgId }],
      ["dev-chat", { command: "status", context: { org_id: owner.orgId } }],
      ["ai-assist", { org_id: owner.orgId, project_id: project, goal: "Go" }],
    ] as const) {
      const res = await post(name, body);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toMatchObject({ ok: false, code: "forbidden", error: "AI features are turned off on this server" });
    }
    expect((await post("telemetry", { name: "still.fine" })).status).toBe(200);
  });

  it("tells the browser, which then offers no AI anywhere (release-info's features)", async () => {
    expect((await call(off.app, "GET", "/functions/v1/release-info")).body).toMatchObject({ ok: true, features: { ai_assist: false } });
  });
});
