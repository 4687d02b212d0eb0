import { describe, expect, it } from "vitest";
import { parseAnthropicStream } from "./anthropic-wire";
import { parseOpenAiStream } from "./openai-wire";
import { readSse, type SseMessage } from "./sse";
import type { LlmStreamEvent } from "./types";

async function* feed(...data: string[]): AsyncGenerator<SseMessage> {
  for (const d of data) yield { event: "", data: d };
}

async function drain(events: AsyncIterable<LlmStreamEvent>): Promise<LlmStreamEvent[]> {
  const out: LlmStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const chunk = (delta: unknown, finish: string | null = null) => JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] });

describe("parseOpenAiStream", () => {
  it("refuses a chunk that is not JSON", async () => {
    await expect(drain(parseOpenAiStream(feed(chunk({ content: "a" }), "{oops")))).rejects.toMatchObject({ kind: "bad_answer" });
  });

  it("refuses a stream that ends before a finish reason or [DONE]", async () => {
    await expect(drain(parseOpenAiStream(feed(chunk({ content: "a" }))))).rejects.toMatchObject({ kind: "bad_answer", message: "The model's answer stopped midway" });
  });

  it("refuses tool arguments that are not a JSON object", async () => {
    const call = chunk({ tool_calls: [{ index: 0, id: "call_1", function: { name: "t", arguments: "[1," } }] });
    await expect(drain(parseOpenAiStream(feed(call, chunk({}, "tool_calls"), "[DONE]")))).rejects.toMatchObject({ kind: "bad_answer" });
  });

  it("reports an error object sent inside the stream", async () => {
    await expect(drain(parseOpenAiStream(feed(JSON.stringify({ error: { message: "overloaded" } }))))).rejects.toMatchObject({ kind: "bad_answer", message: "The model reported an error: overloaded" });
  });
});

describe("parseAnthropicStream", () => {
  it("refuses a stream that ends before message_stop", async () => {
    const delta = JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "hi" } });
    await expect(drain(parseAnthropicStream(feed(delta)))).rejects.toMatchObject({ kind: "bad_answer" });
  });

  it("maps an overloaded error event to 'unreachable'", async () => {
    const error = JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
    await expect(drain(parseAnthropicStream(feed(error)))).rejects.toMatchObject({ kind: "unreachable" });
  });

  it("keeps a tool_use block's own input when no deltas follow", async () => {
    const events = await drain(
      parseAnthropicStream(
        feed(
          JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: "list", input: {} } }),
          JSON.stringify({ type: "content_block_stop", index: 0 }),
          JSON.stringify({ type: "message_delta", delta: { stop_reason: "tool_use" } }),
          JSON.stringify({ type: "message_stop" }),
        ),
      ),
    );
    expect(events).toEqual([
      { type: "tool_calls", calls: [{ id: "toolu_1", name: "list", arguments: {} }] },
      { type: "done", stopReason: "tool_use" },
    ]);
  });
});

describe("readSse", () => {
  it("joins data lines, honours CRLF split across chunks, and skips comments", async () => {
    const parts = [": comment\r", "\nevent: a\r\ndata: one\r\ndata: two\r", "\n\r\ndata: three", ""];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
    const out: SseMessage[] = [];
    for await (const m of readSse(body)) out.push(m);
    expect(out).toEqual([
      { event: "a", data: "one\ntwo" },
      { event: "", data: "three" },
    ]);
  });
});
