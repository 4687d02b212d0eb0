import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLlmStandIn, type LlmStandIn } from "./llm-stand-ins";

let standIn: LlmStandIn;
beforeAll(async () => {
  standIn = await startLlmStandIn(() => ({ text: "Plain answer", toolCalls: [{ name: "lookup", arguments: { q: "x" } }] }));
});
afterAll(() => standIn.close());

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${standIn.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("the language model stand-in without streaming", () => {
  it("answers an OpenAI chat completion with the message and its tool calls", async () => {
    const res = await post("/v1/chat/completions", { authorization: "Bearer sk-ok" }, { model: "m", messages: [] });
    const json = (await res.json()) as { choices: { message: { content: string; tool_calls: { function: { name: string; arguments: string } }[] }; finish_reason: string }[] };
    expect(json.choices[0]?.message.content).toBe("Plain answer");
    expect(json.choices[0]?.message.tool_calls[0]?.function).toEqual({ name: "lookup", arguments: '{"q":"x"}' });
    expect(json.choices[0]?.finish_reason).toBe("tool_calls");
  });

  it("answers an Anthropic message with text and tool_use blocks", async () => {
    const res = await post("/v1/messages", { "x-api-key": "sk-ok" }, { model: "m", max_tokens: 10, messages: [] });
    const json = (await res.json()) as { content: unknown[]; stop_reason: string };
    expect(json.content).toEqual([{ type: "text", text: "Plain answer" }, { type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "lookup", input: { q: "x" } }]);
    expect(json.stop_reason).toBe("tool_use");
  });

  it("refuses sk-bad in each provider's error JSON and still records the request", async () => {
    const openai = await post("/v1/chat/completions", { authorization: "Bearer sk-bad" }, { messages: [] });
    const anthropic = await post("/v1/messages", { "x-api-key": "sk-bad" }, { messages: [] });
    expect([openai.status, anthropic.status]).toEqual([401, 401]);
    expect(await openai.json()).toMatchObject({ error: { code: "invalid_api_key" } });
    expect(await anthropic.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
    expect(standIn.requests.slice(-2).map((r) => r.protocol)).toEqual(["openai", "anthropic"]);
  });
});
