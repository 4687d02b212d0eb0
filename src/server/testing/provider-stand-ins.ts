import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * One local server that speaks just enough of OpenAI's, Anthropic's and n8n's wire formats for
 * key tests. The key picks the behaviour:
 *   sk-valid…  200 (a model list / a minimal message)
 *   sk-bad…    401 with the provider's error JSON
 *   sk-boom…   500
 *   sk-slow…   never answers (until close), so the caller's timeout fires
 *   sk-broke…  400 "credit balance too low" (Anthropic counts this key as valid)
 * Any other key is refused with 401. GET /healthz answers {"status":"ok"}.
 * Point OPENAI_BASE_URL, ANTHROPIC_BASE_URL and N8N_BASE at `url`.
 */
export type StandInRequest = { method: string; path: string; headers: IncomingHttpHeaders };
export type ProviderStandIn = { url: string; close(): Promise<void>; requests: StandInRequest[] };

const openAiModels = { object: "list", data: [{ id: "gpt-4o-mini", object: "model" }] };
export const openAiUnauthorized = { error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" } };
const anthropicMessage = {
  id: "msg_standin",
  type: "message",
  role: "assistant",
  model: "claude-3-5-haiku-latest",
  content: [{ type: "text", text: "p" }],
  stop_reason: "max_tokens",
  stop_sequence: null,
  usage: { input_tokens: 8, output_tokens: 1 },
};
export const anthropicUnauthorized = { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } };
const lowCredit = { type: "error", error: { type: "invalid_request_error", message: "Your credit balance is too low to access the Anthropic API." } };
const serverError = { error: { message: "The server had an error while processing your request." } };

export async function startProviderStandIn(): Promise<ProviderStandIn> {
  const requests: StandInRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "GET", path, headers: req.headers });
    // Drain the body so the client's request completes; its content does not matter here.
    req.resume();
    req.on("end", () => {
      if (req.method === "GET" && path === "/healthz") return send(res, 200, { status: "ok" });
      if (req.method === "GET" && path === "/v1/models") {
        const auth = req.headers.authorization ?? "";
        const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
        return answer(res, key, openAiModels, openAiUnauthorized);
      }
      if (req.method === "POST" && path === "/v1/messages") {
        const key = String(req.headers["x-api-key"] ?? "");
        return answer(res, key, anthropicMessage, anthropicUnauthorized);
      }
      send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    });
  });

  function answer(res: ServerResponse, key: string, ok: unknown, unauthorized: unknown) {
    if (key.startsWith("sk-valid")) return send(res, 200, ok);
    if (key.startsWith("sk-boom")) return send(res, 500, serverError);
    if (key.startsWith("sk-broke")) return send(res, 400, lowCredit);
    if (key.startsWith("sk-slow")) {
      hanging.add(res);
      return;
    }
    send(res, 401, unauthorized);
  }

  return { ...(await listenLocally(server, hanging)), requests };
}

/** Listens on a free local port; close() first ends the answers still held open (a hanging model). */
export async function listenLocally(server: Server, held: Set<ServerResponse>): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        held.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
