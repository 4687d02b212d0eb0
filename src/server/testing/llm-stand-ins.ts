import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { anthropicUnauthorized, listenLocally, openAiUnauthorized, send } from "./provider-stand-ins";

/**
 * A local language model that speaks OpenAI's chat completions and Anthropic's messages wire
 * formats, streaming or not, and answers what the test's script says. Text goes out in several
 * small deltas and tool calls in each protocol's real delta shape, so parsers meet what they will
 * meet in production. A key starting `sk-bad` (Bearer or x-api-key) gets 401 in the provider's error JSON.
 */
export type ScriptedTurn = {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  /** Keep the stream open after the text, as a model still thinking would (for Stop tests). */
  hang?: boolean;
  /** End the stream after the text without a finish, as a provider cut off midway does. */
  cut?: boolean;
  /** Wait this long before answering, as a slow model does. */
  delayMs?: number;
  /** Answer this HTTP status with the provider's error JSON instead (429: its rate limit, 500: its failure). */
  status?: number;
};
/** The parsed JSON body; the fields both protocols share are typed, the rest left unknown. */
export type LlmStandInBody = {
  model?: string;
  stream?: boolean;
  system?: unknown;
  messages?: Record<string, unknown>[];
  tools?: Record<string, unknown>[];
  [field: string]: unknown;
};
export type LlmStandInRequest = { protocol: "openai" | "anthropic"; path: string; headers: IncomingHttpHeaders; body: LlmStandInBody };
export type LlmStandIn = { url: string; requests: LlmStandInRequest[]; close(): Promise<void> };

type Script = (request: LlmStandInRequest) => ScriptedTurn | Promise<ScriptedTurn>;

const routes: Record<string, "openai" | "anthropic"> = { "/v1/chat/completions": "openai", "/v1/messages": "anthropic" };
const PIECE = 5;
const PAUSE_MS = 2;

export async function startLlmStandIn(script: Script): Promise<LlmStandIn> {
  const requests: LlmStandInRequest[] = [];
  const open = new Set<ServerResponse>();
  let nextId = 1;
  const newId = () => String(nextId++).padStart(6, "0");

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const protocol = routes[path];
      if (req.method !== "POST" || !protocol) return send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
      let body: LlmStandInBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as LlmStandInBody;
      } catch {
        return send(res, 400, { error: { message: "Body is not JSON" } });
      }
      const request: LlmStandInRequest = { protocol, path, headers: req.headers, body };
      requests.push(request);
      if (keyOf(request).startsWith("sk-bad")) return send(res, 401, protocol === "openai" ? openAiUnauthorized : anthropicUnauthorized);
      open.add(res);
      res.on("close", () => open.delete(res));
      void Promise.resolve()
        .then(() => script(request))
        .then(async (turn) => (turn.delayMs ? (await new Promise((r) => setTimeout(r, turn.delayMs)), turn) : turn))
        .then((turn) => (turn.status ? send(res, turn.status, { error: { message: turn.status === 429 ? "Rate limit reached for requests" : "The server had an error", type: turn.status === 429 ? "rate_limit_error" : "server_error" } }) : protocol === "openai" ? answerOpenAi(res, body, turn, newId) : answerAnthropic(res, body, turn, newId)))
        .catch((error: unknown) => {
          if (!res.headersSent) send(res, 500, { error: { message: error instanceof Error ? error.message : "script failed" } });
          else res.destroy();
        });
    });
  });

  return { ...(await listenLocally(server, open)), requests };
}

function keyOf(request: LlmStandInRequest): string {
  if (request.protocol === "anthropic") return String(request.headers["x-api-key"] ?? "");
  const auth = request.headers.authorization ?? "";
  return auth.startsWith("Bearer ") ? auth.slice(7) : "";
}

async function answerOpenAi(res: ServerResponse, body: LlmStandInBody, turn: ScriptedTurn, newId: () => string) {
  const model = body.model ?? "gpt-4o-mini";
  const calls = (turn.toolCalls ?? []).map((c) => ({ id: `call_${newId()}`, name: c.name, json: JSON.stringify(c.arguments) }));
  const finish = calls.length > 0 ? "tool_calls" : "stop";
  const id = `chatcmpl-${newId()}`;
  if (!body.stream) {
    const toolCalls = calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.json } }));
    const message = { role: "assistant", content: turn.text ?? null, ...(calls.length ? { tool_calls: toolCalls } : {}) };
    return send(res, 200, { id, object: "chat.completion", created: now(), model, choices: [{ index: 0, message, finish_reason: finish }] });
  }
  const chunk = (delta: unknown, finishReason: string | null = null) => ({ id, object: "chat.completion.chunk", created: now(), model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const sse = openSse(res);
  await sse.data(chunk({ role: "assistant", content: "" }));
  for (const piece of pieces(turn.text)) await sse.data(chunk({ content: piece }));
  if (turn.hang) return;
  if (turn.cut) return void res.end();
  for (const [index, call] of calls.entries()) {
    await sse.data(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
    for (const piece of pieces(call.json)) await sse.data(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  await sse.data(chunk({}, finish));
  await sse.raw("data: [DONE]\n\n");
  res.end();
}

async function answerAnthropic(res: ServerResponse, body: LlmStandInBody, turn: ScriptedTurn, newId: () => string) {
  const model = body.model ?? "claude-3-5-haiku-latest";
  const calls = (turn.toolCalls ?? []).map((c) => ({ id: `toolu_${newId()}`, name: c.name, input: c.arguments }));
  const stopReason = calls.length > 0 ? "tool_use" : "end_turn";
  const id = `msg_${newId()}`;
  const usage = { input_tokens: 10, output_tokens: 5 };
  if (!body.stream) {
    const content = [...(turn.text ? [{ type: "text", text: turn.text }] : []), ...calls.map((c) => ({ type: "tool_use", ...c }))];
    return send(res, 200, { id, type: "message", role: "assistant", model, content, stop_reason: stopReason, stop_sequence: null, usage });
  }
  const sse = openSse(res);
  await sse.event("message_start", { type: "message_start", message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } });
  let index = 0;
  if (turn.text !== undefined) {
    await sse.event("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
    await sse.event("ping", { type: "ping" });
    for (const piece of pieces(turn.text)) await sse.event("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
    if (turn.hang) return;
    await sse.event("content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  if (turn.hang) return;
  for (const call of calls) {
    await sse.event("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } });
    for (const piece of pieces(JSON.stringify(call.input))) await sse.event("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    await sse.event("content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  await sse.event("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  await sse.event("message_stop", { type: "message_stop" });
  res.end();
}

/** Writes SSE with a short pause between writes, so each delta leaves in its own packet. */
function openSse(res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const raw = async (text: string) => {
    if (res.destroyed) throw new Error("client went away");
    res.write(text);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  };
  return {
    raw,
    data: (value: unknown) => raw(`data: ${JSON.stringify(value)}\n\n`),
    event: (name: string, value: unknown) => raw(`event: ${name}\ndata: ${JSON.stringify(value)}\n\n`),
  };
}

/** Splits text into small pieces; an empty or missing text yields none. */
function pieces(text: string | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; text && i < text.length; i += PIECE) out.push(text.slice(i, i + PIECE));
  return out;
}

const now = () => Math.floor(Date.now() / 1000);
