import { z } from "zod";
import type { SseMessage } from "./sse";
import { LlmError, type LlmRequest, type LlmStreamEvent, type LlmTarget } from "./types";
import { finishToolCalls, parseStreamEvent, type PendingToolCall } from "./wire-json";

type Block = Record<string, unknown>;
type Turn = { role: "user" | "assistant"; content: Block[] };

// Anthropic requires max_tokens; this is only the ceiling when the caller names none.
const DEFAULT_MAX_TOKENS = 4096;

/**
 * Anthropic messages: system prompts go to the top-level `system`, tool results travel as
 * tool_result blocks in a user turn, and consecutive turns of one role are merged, as the API
 * wants roles to alternate.
 */
export function anthropicBody(target: LlmTarget, request: LlmRequest): Record<string, unknown> {
  const system = request.messages.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n\n");
  const turns: Turn[] = [];
  for (const m of request.messages) {
    if (m.role === "system") continue;
    const turn: Turn =
      m.role === "tool"
        ? { role: "user", content: [{ type: "tool_result", tool_use_id: m.toolCallId, content: m.content }] }
        : m.role === "assistant"
          ? { role: "assistant", content: [...textBlock(m.content), ...(m.toolCalls ?? []).map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.arguments }))] }
          : { role: "user", content: textBlock(m.content) };
    const last = turns.at(-1);
    if (last?.role === turn.role) last.content.push(...turn.content);
    else if (turn.content.length > 0) turns.push(turn);
  }
  const tools = request.tools?.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  return {
    model: target.model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    stream: true,
    ...(system ? { system } : {}),
    messages: turns,
    ...(tools?.length ? { tools } : {}),
  };
}

// The API refuses empty text blocks.
const textBlock = (text: string): Block[] => (text ? [{ type: "text", text }] : []);

const eventSchema = z.object({
  type: z.string(),
  index: z.number().int().min(0).optional(),
  content_block: z.object({ type: z.string(), text: z.string().optional(), id: z.string().optional(), name: z.string().optional(), input: z.unknown().optional() }).optional(),
  delta: z.object({ type: z.string().optional(), text: z.string().optional(), partial_json: z.string().optional(), stop_reason: z.string().nullish() }).optional(),
  error: z.object({ type: z.string().optional(), message: z.string().optional() }).optional(),
});

/** Text deltas as they arrive; tool_use blocks, their input streamed as JSON pieces, at the end. */
export async function* parseAnthropicStream(messages: AsyncIterable<SseMessage>): AsyncGenerator<LlmStreamEvent> {
  const uses = new Map<number, PendingToolCall>();
  let stopReason: string | undefined;
  let isStopped = false;
  for await (const message of messages) {
    const event = parseStreamEvent(message.data, eventSchema);
    const index = event.index ?? 0;
    if (event.type === "error") {
      const kind = event.error?.type === "overloaded_error" ? "unreachable" : "bad_answer";
      throw new LlmError(kind, `The model reported an error: ${event.error?.message ?? event.error?.type ?? "no details"}`);
    }
    if (event.type === "content_block_start" && event.content_block?.type === "tool_use") {
      const block = event.content_block;
      uses.set(index, { id: block.id ?? "", name: block.name ?? "", json: "", input: block.input });
    } else if (event.type === "content_block_start" && event.content_block?.text) {
      yield { type: "text", text: event.content_block.text };
    } else if (event.type === "content_block_delta" && event.delta?.type === "text_delta" && event.delta.text) {
      yield { type: "text", text: event.delta.text };
    } else if (event.type === "content_block_delta" && event.delta?.type === "input_json_delta") {
      const use = uses.get(index);
      if (!use) throw new LlmError("bad_answer", "The model sent tool input outside a tool call");
      use.json += event.delta.partial_json ?? "";
    } else if (event.type === "message_delta" && event.delta?.stop_reason) {
      stopReason = event.delta.stop_reason;
    } else if (event.type === "message_stop") {
      isStopped = true;
      break;
    }
    // ping, message_start, content_block_stop and event types added later need nothing.
  }
  if (!isStopped) throw new LlmError("bad_answer", "The model's answer stopped midway");
  if (uses.size > 0) yield { type: "tool_calls", calls: finishToolCalls(uses) };
  yield { type: "done", stopReason: stopReason ?? "end_turn" };
}
