import type { z } from "zod";
import { LlmError, type LlmToolCall } from "./types";

/** A tool call as its pieces arrive: Anthropic also sends an `input` object up front. */
export type PendingToolCall = { id: string; name: string; json: string; input?: unknown };

/** One streamed event, read by the protocol's schema; anything else is the model's bad answer. */
export function parseStreamEvent<S extends z.ZodType>(data: string, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new LlmError("bad_answer", "The model sent a stream that is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new LlmError("bad_answer", "The model sent a stream in an unexpected shape");
  return parsed.data;
}

/** The calls gathered by stream index, in that order; each must be named, its arguments an object. */
export function finishToolCalls(byIndex: Map<number, PendingToolCall>): LlmToolCall[] {
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, call]) => finishToolCall(call));
}

function finishToolCall(call: PendingToolCall): LlmToolCall {
  if (!call.id || !call.name) throw new LlmError("bad_answer", "The model asked for a tool without naming it");
  // With no input deltas at all, the block's own (usually empty) input object stands.
  if (call.json === "" && typeof call.input === "object" && call.input !== null && !Array.isArray(call.input)) {
    return { id: call.id, name: call.name, arguments: call.input as Record<string, unknown> };
  }
  return { id: call.id, name: call.name, arguments: parseToolArguments(call.json, call.name) };
}

/** A tool call's arguments, streamed as JSON text: empty means none; anything but an object is refused. */
function parseToolArguments(json: string, name: string): Record<string, unknown> {
  const toolName = name.slice(0, 64);
  if (json.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new LlmError("bad_answer", `The model sent arguments for ${toolName} that are not valid JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new LlmError("bad_answer", `The model sent arguments for ${toolName} that are not an object`);
  }
  return value as Record<string, unknown>;
}
