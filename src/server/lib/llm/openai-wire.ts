import { z } from "zod";
import type { SseMessage } from "./sse";
import { LlmError, type LlmRequest, type LlmStreamEvent, type LlmTarget } from "./types";
import { finishToolCalls, parseStreamEvent, type PendingToolCall } from "./wire-json";

/** OpenAI-compatible chat completions: the request body and the streamed answer. */
export function openAiBody(target: LlmTarget, request: LlmRequest): Record<string, unknown> {
  const messages = request.messages.map((m) => {
    if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    if (m.role === "assistant" && m.toolCalls?.length) {
      const toolCalls = m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
      return { role: "assistant", content: m.content || null, tool_calls: toolCalls };
    }
    return { role: m.role, content: m.content };
  });
  const tools = request.tools?.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
  return { model: target.model, messages, stream: true, ...(tools?.length ? { tools } : {}), ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}) };
}

const chunkSchema = z.object({
  error: z.object({ message: z.string().optional() }).optional(),
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(z.object({ index: z.number().int().min(0), id: z.string().nullish(), function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish() }))
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
});

/** Text as it arrives; tool calls, whose arguments come in pieces by index, once complete. */
export async function* parseOpenAiStream(messages: AsyncIterable<SseMessage>): AsyncGenerator<LlmStreamEvent> {
  const calls = new Map<number, PendingToolCall>();
  let finish: string | undefined;
  let isDone = false;
  for await (const message of messages) {
    if (message.data.trim() === "[DONE]") {
      isDone = true;
      break;
    }
    const chunk = parseStreamEvent(message.data, chunkSchema);
    if (chunk.error) throw new LlmError("bad_answer", `The model reported an error: ${chunk.error.message ?? "no details"}`);
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.delta?.content) yield { type: "text", text: choice.delta.content };
    for (const part of choice.delta?.tool_calls ?? []) {
      const call = calls.get(part.index) ?? { id: "", name: "", json: "" };
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.json += part.function.arguments;
      calls.set(part.index, call);
    }
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  // Some compatible servers end the body after the finish reason without sending [DONE].
  if (!isDone && !finish) throw new LlmError("bad_answer", "The model's answer stopped midway");
  if (calls.size > 0) yield { type: "tool_calls", calls: finishToolCalls(calls) };
  yield { type: "done", stopReason: finish ?? "stop" };
}
