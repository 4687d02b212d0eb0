import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_INTERRUPTED_SYSTEM_MESSAGE, type ChatMessage } from "@/shared/chat";
import { chatMessages } from "../../db/schema";
import { sendChat } from "../../testing/chat-sse";
import { call } from "../../testing/http";
import { startLlmStandIn, type LlmStandIn, type ScriptedTurn } from "../../testing/llm-stand-ins";
import { readSseEvents, type SseEvent } from "../../testing/sse-stream";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";

// The chat when the model or the server misbehaves: a stream cut off midway, a model that keeps
// calling tools past the answer's time limit, and the server stopping while an answer streams.
let llm: LlmStandIn;
let t: TestApp;
let u: OrgUser;
let next: (request: { body: { messages?: unknown[] } }) => ScriptedTurn = () => ({ text: "Hello" });

beforeAll(async () => {
  llm = await startLlmStandIn((request) => next(request));
  t = await createTestApp({ OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: "sk-server-chat-key", OUTBOUND_TIMEOUT_MS: "1000", CHAT_ANSWER_TIMEOUT_MS: "1500" });
  u = await orgUser(t.app, t.services.database.db, "chat-faults");
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const ask = (message: string) => sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message, agent_id: "llm" });

describe("the chat under faults", () => {
  it("agent-chat answers 503 with the reason, never 500, when the model's stream ends midway", async () => {
    next = () => ({ text: "Half an ans", cut: true });
    const res = await call(t.app, "POST", "/functions/v1/agent-chat", { cookie: u.cookie, body: { message: "hi", orgId: u.orgId, agentId: "llm" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.body).toMatchObject({ ok: false, code: "unavailable", error: "The model's answer failed: The model's answer stopped midway" });
    const german = await call(t.app, "POST", "/functions/v1/agent-chat", { cookie: u.cookie, body: { message: "hi", orgId: u.orgId, agentId: "llm" }, headers: { "accept-language": "de" } });
    expect((german.body as { error: string }).error).toMatch(/^Die Antwort des Modells ist fehlgeschlagen: /);
  });

  it("gives the whole answer one time limit, however many tool rounds the model asks for", async () => {
    // Each round takes 600 ms and asks for another: five rounds would take 3 s, each under the 1 s cap.
    next = () => ({ delayMs: 600, toolCalls: [{ name: "list_tasks", arguments: {} }] });
    const started = Date.now();
    const reply = await ask("keep going");
    const took = Date.now() - started;
    expect(reply.events.at(-1)?.event).toBe("error");
    expect(reply.data<{ error: string }>("error")!.error).toBe("The answer did not finish within 1500 ms");
    expect(took).toBeLessThan(2_500);
    // The tool rounds that ran are kept with the answer.
    const stored = reply.data<{ conversation_id: string }>("start")!;
    const messages = (await u.api("GET", `/chat/conversations/${stored.conversation_id}`)).body as { messages: ChatMessage[] };
    expect(messages.messages.find((m) => m.role === "assistant")?.metadata.actions?.length).toBeGreaterThan(0);
  });

  it("names why a model failed with a stable code: its rate limit, its own error, a time limit", async () => {
    next = () => ({ status: 429 });
    const limited = await ask("hi");
    expect(limited.data<{ error: string; code: string }>("error")).toMatchObject({ code: "model_rate_limited", error: expect.stringMatching(/^The model service answered with status 429/) });
    next = () => ({ status: 500 });
    expect(await ask("hi").then((r) => r.data<{ code: string }>("error")?.code)).toBe("model_error");
    next = () => ({ text: "Half", cut: true });
    expect(await ask("hi").then((r) => r.data<{ code: string }>("error")?.code)).toBe("model_error");
    next = () => ({ delayMs: 1_200, text: "late" });
    expect(await ask("hi").then((r) => r.data<{ code: string }>("error")?.code)).toBe("model_timeout");
    // The German reader gets the same code; the screen words it.
    next = () => ({ status: 429 });
    const german = await sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "hallo", agent_id: "llm" }, { language: "de" });
    expect(german.data<{ code: string }>("error")?.code).toBe("model_rate_limited");
  });

  it("/dev's status gives the built-in counts with a model configured, and asks the model nothing", async () => {
    const before = llm.requests.length;
    const res = await call(t.app, "POST", "/functions/v1/dev-chat", { cookie: u.cookie, body: { command: "status", context: { org_id: u.orgId } } });
    expect(res.status).toBe(200);
    expect((res.body as { response: string }).response).toMatch(/^Tasks: \d+ /);
    expect((res.body as { response: string }).response).toContain("Agent jobs: 0");
    expect(llm.requests.length).toBe(before);
    next = () => ({ text: "From the model" });
    const other = await call(t.app, "POST", "/functions/v1/dev-chat", { cookie: u.cookie, body: { command: "what now?", context: { org_id: u.orgId } } });
    expect((other.body as { response: string }).response).toBe("From the model");
  });

  it("stores an answer in progress as interrupted when the server stops, before its database closes", async () => {
    next = () => ({ text: "The first half of a long answer", hang: true });
    const res = await t.app.request(
      `${TEST_ORIGIN}${u.base}/chat/messages`,
      { method: "POST", headers: { origin: TEST_ORIGIN, cookie: u.cookie, "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify({ message: "tell me a story", agent_id: "llm" }) },
      { incoming: { socket: { remoteAddress: "10.7.0.1" } } },
    );
    const events: SseEvent[] = [];
    let stopping: Promise<void> | undefined;
    // Once the model's text is streaming, the server stops, as on SIGTERM.
    await readSseEvents(res.body!.getReader(), (e) => {
      events.push(e);
      if (e.event === "delta" && !stopping) stopping = t.services.inFlight.stop(2_000);
    });
    await stopping;
    const last = events.at(-1)!;
    expect(last.event).toBe("error");
    expect(JSON.parse(last.data) as { error: string }).toMatchObject({ error: CHAT_INTERRUPTED_SYSTEM_MESSAGE, code: "interrupted" });
    const reply = { data: <T>(event: string) => JSON.parse(events.find((e) => e.event === event)!.data) as T };
    const conversationId = reply.data<{ conversation_id: string }>("start")!.conversation_id;
    const rows = await t.services.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(chatMessages.createdAt);
    expect(rows.map((r) => r.role)).toEqual(["user", "assistant", "system"]);
    expect(rows[1]).toMatchObject({ metadata: { interrupted: true } });
    // What had arrived when the server stopped: at least the first piece, and a start of the text.
    expect(rows[1]!.content.length).toBeGreaterThan(0);
    expect("The first half of a long answer".startsWith(rows[1]!.content)).toBe(true);
    expect(rows[2]!.content).toBe(CHAT_INTERRUPTED_SYSTEM_MESSAGE);
  });
});
