import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../testing/free-port";
import { startLlmStandIn, type LlmStandIn, type LlmStandInRequest, type ScriptedTurn } from "../../testing/llm-stand-ins";
import { apiUrl, streamChat } from "./stream-chat";
import { LlmError, type LlmMessage, type LlmRequest, type LlmStreamEvent, type LlmTarget, type LlmTool } from "./types";

const weatherTool: LlmTool = {
  name: "get_weather",
  description: "Current weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"] },
};
const greeting = "Hello there, this answer arrives in several small pieces.";

let standIn: LlmStandIn;
let nextTurn: (request: LlmStandInRequest) => ScriptedTurn = () => ({ text: greeting });

beforeAll(async () => {
  standIn = await startLlmStandIn((request) => nextTurn(request));
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  nextTurn = () => ({ text: greeting });
});

async function collect(target: LlmTarget, request: LlmRequest): Promise<LlmStreamEvent[]> {
  const events: LlmStreamEvent[] = [];
  for await (const event of streamChat(target, request)) events.push(event);
  return events;
}

const textOf = (events: LlmStreamEvent[]) => events.flatMap((e) => (e.type === "text" ? [e.text] : [])).join("");

describe.each(["openai", "anthropic"] as const)("streamChat over %s", (protocol) => {
  const target = (extra: Partial<LlmTarget> = {}): LlmTarget => ({ protocol, baseUrl: standIn.url, apiKey: "sk-good-123456", model: "test-model", trusted: true, ...extra });
  const ask = (messages: LlmMessage[], extra: Partial<LlmRequest> = {}): LlmRequest => ({ messages, timeoutMs: 5000, ...extra });
  const path = protocol === "openai" ? "/v1/chat/completions" : "/v1/messages";
  const finished = protocol === "openai" ? "stop" : "end_turn";

  it("streams text in pieces and ends with done", async () => {
    const events = await collect(target(), ask([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }]));
    expect(events.filter((e) => e.type === "text").length).toBeGreaterThan(3);
    expect(textOf(events)).toBe(greeting);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: finished });

    const [sent] = standIn.requests;
    expect(sent?.path).toBe(path);
    expect(sent?.body).toMatchObject({ model: "test-model", stream: true });
    if (protocol === "openai") {
      expect(sent?.headers.authorization).toBe("Bearer sk-good-123456");
      expect(sent?.body.messages).toEqual([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }]);
    } else {
      expect(sent?.headers).toMatchObject({ "x-api-key": "sk-good-123456", "anthropic-version": "2023-06-01" });
      expect(sent?.body).toMatchObject({ system: "Be brief.", messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] });
      expect(typeof sent?.body.max_tokens).toBe("number");
    }
  });

  it("does not double /v1 when the base URL already ends with it", async () => {
    await collect(target({ baseUrl: `${standIn.url}/v1/` }), ask([{ role: "user", content: "Hi" }]));
    expect(standIn.requests.map((r) => r.path)).toEqual([path]);
  });

  it("round-trips a tool call: the model asks, the caller answers, the model replies", async () => {
    nextTurn = (request) => {
      const last = JSON.stringify(request.body.messages?.at(-1) ?? {});
      if (last.includes("21 degrees")) return { text: "It is 21 degrees in Zürich." };
      return { text: "Let me look.", toolCalls: [{ name: "get_weather", arguments: { city: "Zürich", unit: "C", nested: { days: [1, 2] } } }] };
    };
    const history: LlmMessage[] = [{ role: "user", content: "Weather in Zürich?" }];
    const first = await collect(target(), ask(history, { tools: [weatherTool] }));
    const asked = first.find((e) => e.type === "tool_calls");
    expect(asked?.type === "tool_calls" && asked.calls).toEqual([{ id: expect.any(String), name: "get_weather", arguments: { city: "Zürich", unit: "C", nested: { days: [1, 2] } } }]);
    expect(first.at(-1)).toEqual({ type: "done", stopReason: protocol === "openai" ? "tool_calls" : "tool_use" });
    if (asked?.type !== "tool_calls") throw new Error("no tool call");
    const call = asked.calls[0]!;

    history.push({ role: "assistant", content: textOf(first), toolCalls: asked.calls });
    history.push({ role: "tool", toolCallId: call.id, name: call.name, content: JSON.stringify({ temperature: "21 degrees" }) });
    const second = await collect(target(), ask(history, { tools: [weatherTool] }));
    expect(textOf(second)).toBe("It is 21 degrees in Zürich.");
    expect(second.some((e) => e.type === "tool_calls")).toBe(false);

    const [firstSent, secondSent] = standIn.requests;
    if (protocol === "openai") {
      expect(firstSent?.body.tools).toEqual([{ type: "function", function: { name: weatherTool.name, description: weatherTool.description, parameters: weatherTool.parameters } }]);
      expect(secondSent?.body.messages?.slice(1)).toEqual([
        { role: "assistant", content: "Let me look.", tool_calls: [{ id: call.id, type: "function", function: { name: "get_weather", arguments: JSON.stringify(call.arguments) } }] },
        { role: "tool", tool_call_id: call.id, content: JSON.stringify({ temperature: "21 degrees" }) },
      ]);
    } else {
      expect(firstSent?.body.tools).toEqual([{ name: weatherTool.name, description: weatherTool.description, input_schema: weatherTool.parameters }]);
      expect(secondSent?.body.messages?.slice(1)).toEqual([
        { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool_use", id: call.id, name: "get_weather", input: call.arguments }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: JSON.stringify({ temperature: "21 degrees" }) }] },
      ]);
    }
  });

  it("keeps several tool calls in one turn apart, in order", async () => {
    nextTurn = () => ({ toolCalls: [{ name: "first_tool", arguments: { a: 1 } }, { name: "second_tool", arguments: {} }] });
    const events = await collect(target(), ask([{ role: "user", content: "Both" }], { tools: [weatherTool] }));
    const asked = events.find((e) => e.type === "tool_calls");
    expect(asked?.type === "tool_calls" && asked.calls.map((c) => [c.name, c.arguments])).toEqual([
      ["first_tool", { a: 1 }],
      ["second_tool", {}],
    ]);
    expect(textOf(events)).toBe("");
  });

  it("maps a refused key to 'refused' without the key in the message", async () => {
    const error = await collect(target({ apiKey: "sk-bad" }), ask([{ role: "user", content: "Hi" }])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: "refused", message: "The model service refused the key (401)" });
    expect(String((error as Error).message)).not.toContain("sk-bad");
  });

  it("ends the iteration promptly on Stop, mid-stream", async () => {
    nextTurn = () => ({ text: "A long answer that keeps going", hang: true });
    const stop = new AbortController();
    const events: LlmStreamEvent[] = [];
    let stoppedAt = 0;
    for await (const event of streamChat(target(), ask([{ role: "user", content: "Talk" }], { signal: stop.signal, timeoutMs: 20_000 }))) {
      events.push(event);
      if (textOf(events) === "A long answer that keeps going" && !stoppedAt) {
        stoppedAt = Date.now();
        setTimeout(() => stop.abort(), 20);
      }
    }
    expect(stoppedAt).toBeGreaterThan(0);
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect(events.some((e) => e.type === "done")).toBe(false);
  });

  it("times out an answer that never finishes", async () => {
    nextTurn = () => ({ text: "Thinking", hang: true });
    const started = Date.now();
    const error = await collect(target(), ask([{ role: "user", content: "Talk" }], { timeoutMs: 300 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", message: "The model did not finish within 300 ms" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("blocks an untrusted target on a private address before any request", async () => {
    const error = await collect(target({ trusted: false }), ask([{ role: "user", content: "Hi" }])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: "blocked" });
    expect((error as Error).message).not.toContain("127.0.0.1");
    expect(standIn.requests).toEqual([]);
  });

  it("maps a closed port to 'unreachable'", async () => {
    const port = await freePort();
    const error = await collect(target({ baseUrl: `http://127.0.0.1:${port}` }), ask([{ role: "user", content: "Hi" }])).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unreachable", message: "Could not reach the model service: connection refused" });
  });
});

describe("apiUrl", () => {
  it.each([
    ["https://api.openai.com", "https://api.openai.com/v1/chat/completions"],
    ["https://api.openai.com/", "https://api.openai.com/v1/chat/completions"],
    ["https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"],
    ["https://proxy.example/openai/v1/", "https://proxy.example/openai/v1/chat/completions"],
  ])("%s", (base, expected) => expect(apiUrl(base, "/chat/completions")).toBe(expected));
});
