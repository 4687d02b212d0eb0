import { formatMs, networkReason, OutboundError, outboundStream } from "../outbound-fetch";
import { anthropicBody, parseAnthropicStream } from "./anthropic-wire";
import { openAiBody, parseOpenAiStream } from "./openai-wire";
import { readSse } from "./sse";
import { LlmError, type LlmRequest, type LlmStreamEvent, type LlmTarget } from "./types";

/**
 * Asks a language model and yields its answer as it streams: text pieces, then the tool calls it
 * wants, then done (stopReason as the provider spells it: "stop"/"tool_calls" or
 * "end_turn"/"tool_use"). A Stop (request.signal) ends the iteration quietly; every failure is an
 * LlmError whose message never contains the key. An untrusted base URL goes through the SSRF guard.
 */
export function streamChat(target: LlmTarget, request: LlmRequest): AsyncIterable<LlmStreamEvent> {
  return run(target, request);
}

// A generous ceiling on one streamed answer, so a hostile endpoint cannot stream for ever.
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const ERROR_BODY_BYTES = 4096;

type Opened = { status: number; body: ReadableStream<Uint8Array> };

async function* run(target: LlmTarget, request: LlmRequest): AsyncGenerator<LlmStreamEvent> {
  if (request.signal?.aborted) return;
  const isOpenAi = target.protocol === "openai";
  const url = apiUrl(target.baseUrl, isOpenAi ? "/chat/completions" : "/messages");
  const body = JSON.stringify(isOpenAi ? openAiBody(target, request) : anthropicBody(target, request));
  const headers: Record<string, string> = isOpenAi
    ? { authorization: `Bearer ${target.apiKey}`, "content-type": "application/json", accept: "text/event-stream" }
    : { "x-api-key": target.apiKey, "anthropic-version": "2023-06-01", "content-type": "application/json", accept: "text/event-stream" };

  // The deadline covers the whole answer, reading included; Stop ends it too.
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  try {
    const res = await open(target, url, { method: "POST", headers, body }, signal, request.timeoutMs);
    if (res.status < 200 || res.status > 299) throw await statusError(res, target.apiKey);
    const messages = readSse(res.body);
    yield* isOpenAi ? parseOpenAiStream(messages) : parseAnthropicStream(messages);
  } catch (error) {
    if (request.signal?.aborted) return;
    throw explain(error, deadline.aborted, request.timeoutMs, target.apiKey);
  }
}

type PostInit = { method: "POST"; headers: Record<string, string>; body: string };

/** Trusted base URLs are the operator's own; a user's goes through the guard, pinned and capped. */
async function open(target: LlmTarget, url: string, init: PostInit, signal: AbortSignal, timeoutMs: number): Promise<Opened> {
  if (!target.trusted) return outboundStream(url, init, { timeoutMs, maxBytes: MAX_ANSWER_BYTES, signal });
  const res = await fetch(url, { ...init, signal, redirect: "manual" });
  return { status: res.status, body: res.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() }) };
}

/** If the base URL already ends in /v1 (as OpenAI's SDKs spell it), it is not added twice. */
export function apiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return base.endsWith("/v1") ? base + path : `${base}/v1${path}`;
}

async function statusError(res: Opened, apiKey: string): Promise<LlmError> {
  if (res.status === 401 || res.status === 403) {
    await res.body.cancel().catch(() => undefined);
    return new LlmError("refused", `The model service refused the key (${res.status})`);
  }
  const detail = await providerMessage(res.body);
  const text = `The model service answered with status ${res.status}${detail ? `: ${scrub(detail, apiKey)}` : ""}`;
  return new LlmError(res.status === 429 || res.status >= 500 ? "unreachable" : "bad_answer", text, res.status);
}

/** The provider's own error message ({error: {message}} in both protocols), read from a short prefix. */
async function providerMessage(body: ReadableStream<Uint8Array>): Promise<string | undefined> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done && size < ERROR_BODY_BYTES; chunk = await reader.read()) {
      parts.push(chunk.value);
      size += chunk.value.length;
    }
    const json = JSON.parse(Buffer.concat(parts).toString("utf8")) as { error?: { message?: unknown } };
    return typeof json.error?.message === "string" ? json.error.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function explain(error: unknown, timedOut: boolean, timeoutMs: number, apiKey: string): LlmError {
  if (timedOut) return new LlmError("timeout", `The model did not finish within ${formatMs(timeoutMs)}`);
  if (error instanceof LlmError) return new LlmError(error.kind, scrub(error.message, apiKey), error.status);
  if (error instanceof OutboundError) {
    if (error.kind === "blocked" || error.kind === "bad_url") return new LlmError("blocked", error.message);
    if (error.kind === "unreachable") return new LlmError("unreachable", error.message.replace("that URL", "the model service"));
    return new LlmError("bad_answer", error.message);
  }
  return new LlmError("unreachable", `Could not reach the model service: ${networkReason(error)}`);
}

/** Text the provider wrote can quote the key (OpenAI's 401 does, partly); it never reaches the user. */
function scrub(text: string, apiKey: string): string {
  const withoutKey = apiKey.length >= 4 ? text.split(apiKey).join("[key]") : text;
  return withoutKey.replace(/\b(sk|key)-[A-Za-z0-9_*.-]{4,}/g, "[key]");
}
