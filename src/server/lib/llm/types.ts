/**
 * The one shape the assistant talks to a language model in, whatever the protocol behind it:
 * OpenAI-compatible chat completions (OpenAI, Mistral, a self-hosted model) or Anthropic messages.
 * streamChat (stream-chat.ts) turns a request into these events.
 */
export type LlmToolCall = { id: string; name: string; arguments: Record<string, unknown> };

export type LlmMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: LlmToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; content: string };

/** parameters: a JSON Schema object, as both protocols take it. */
export type LlmTool = { name: string; description: string; parameters: Record<string, unknown> };

/**
 * Where to send it. trusted: the server's own configured base URL (OPENAI_BASE_URL,
 * ANTHROPIC_BASE_URL); a URL a user stored is not trusted and goes through outbound-fetch's guard.
 */
export type LlmTarget = { protocol: "openai" | "anthropic"; baseUrl: string; apiKey: string; model: string; trusted: boolean };

export type LlmRequest = { messages: LlmMessage[]; tools?: LlmTool[]; maxTokens?: number; signal?: AbortSignal; timeoutMs: number };

export type LlmStreamEvent =
  | { type: "text"; text: string }
  /** The model asks for these tools; the caller runs them and asks again with their results. */
  | { type: "tool_calls"; calls: LlmToolCall[] }
  | { type: "done"; stopReason: string };

/** Failures a caller can tell apart; the message never contains the key. */
export class LlmError extends Error {
  constructor(
    readonly kind: "refused" | "unreachable" | "timeout" | "bad_answer" | "blocked",
    message: string,
    /** The model service's HTTP status, when it answered with one (429: its rate limit). */
    readonly status?: number,
  ) {
    super(message);
  }
}
