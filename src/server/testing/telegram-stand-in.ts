import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type SentMessage = { token: string; chat_id: string; text: string };
/** How a sendMessage fails: Telegram's error answer (a 429 with `parameters.retry_after` when `retryAfter` is set), or the connection dropped unanswered. */
export type TelegramFailure = { status: number; description?: string; retryAfter?: number } | { dropConnection: true };
export type TelegramStandIn = {
  url: string;
  /** Registers a bot: its token is accepted, others get 401 as Telegram answers. */
  addBot: (token: string, username: string) => void;
  /** The webhook each token registered (url, secret_token), or undefined after deleteWebhook. */
  webhookOf: (token: string) => { url: string; secret_token: string } | undefined;
  sent: SentMessage[];
  /** Makes sendMessage to this chat fail as Telegram does for a chat that blocked the bot. */
  blockChat: (chatId: string) => void;
  /** Delivers an update to the registered webhook, as Telegram does, with its secret header. */
  deliver: (token: string, update: object, options?: { secret?: string }) => Promise<Response>;
  /** A text message update from a chat, with the next update_id. */
  textUpdate: (chatId: string, text: string, languageCode?: string) => { update_id: number; message: object };
  /** The next `times` sendMessage calls (any chat) fail as given, then sending works again. */
  failNextSends: (times: number, failure: TelegramFailure) => void;
  /** Makes getMe for this token answer only after `ms`, as a slow Telegram does (for races). */
  delayGetMe: (token: string, ms: number) => void;
  close: () => Promise<void>;
};

/**
 * A stand-in for Telegram's Bot API on 127.0.0.1: POST /bot<token>/<method> with JSON, answering
 * { ok: true, result } or { ok: false, error_code, description } with the same status, as the real
 * API does (401 "Unauthorized" for an unknown token, 400 for a bad request).
 */
export async function startTelegramStandIn(): Promise<TelegramStandIn> {
  const bots = new Map<string, { id: number; username: string }>();
  const webhooks = new Map<string, { url: string; secret_token: string }>();
  const blocked = new Set<string>();
  const sent: SentMessage[] = [];
  const getMeDelays = new Map<string, number>();
  const failures: TelegramFailure[] = [];
  let nextUpdate = 1000;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      const fail = (code: number, description: string) => answer(code, { ok: false, error_code: code, description });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match) return fail(404, "Not Found");
      const [, token, method] = match as unknown as [string, string, string];
      const bot = bots.get(token);
      if (!bot) return fail(401, "Unauthorized");
      let body: Record<string, unknown>;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        return fail(400, "Bad Request: can't parse JSON");
      }
      switch (method) {
        case "getMe": {
          const me = () => answer(200, { ok: true, result: { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username, can_join_groups: true } });
          const delay = getMeDelays.get(token);
          return delay ? void setTimeout(me, delay) : me();
        }
        case "setWebhook": {
          if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) return fail(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
          if (body.secret_token !== undefined && (typeof body.secret_token !== "string" || !/^[A-Za-z0-9_-]{1,256}$/.test(body.secret_token))) return fail(400, "Bad Request: secret token contains unallowed characters");
          webhooks.set(token, { url: body.url, secret_token: String(body.secret_token ?? "") });
          return answer(200, { ok: true, result: true, description: "Webhook was set" });
        }
        case "deleteWebhook":
          webhooks.delete(token);
          return answer(200, { ok: true, result: true, description: "Webhook was deleted" });
        case "sendMessage": {
          const failure = failures.shift();
          if (failure && "dropConnection" in failure) return void req.socket.destroy();
          if (failure?.retryAfter !== undefined) {
            return answer(failure.status, { ok: false, error_code: failure.status, description: failure.description ?? `Too Many Requests: retry after ${failure.retryAfter}`, parameters: { retry_after: failure.retryAfter } });
          }
          if (failure) return fail(failure.status, failure.description ?? (failure.status >= 500 ? "Internal Server Error" : "Bad Request"));
          const chatId = String(body.chat_id ?? "");
          if (!chatId || typeof body.text !== "string" || body.text.length === 0) return fail(400, "Bad Request: message text is empty");
          if (blocked.has(chatId)) return fail(403, "Forbidden: bot was blocked by the user");
          sent.push({ token, chat_id: chatId, text: body.text });
          return answer(200, { ok: true, result: { message_id: sent.length, chat: { id: Number(chatId), type: "private" }, date: Math.floor(Date.now() / 1000), text: body.text } });
        }
        default:
          return fail(404, "Not Found: method not found");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addBot: (token, username) => void bots.set(token, { id: 7_000_000 + bots.size, username }),
    webhookOf: (token) => webhooks.get(token),
    delayGetMe: (token, ms) => void getMeDelays.set(token, ms),
    failNextSends: (times, failure) => {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    sent,
    blockChat: (chatId) => void blocked.add(chatId),
    deliver: async (token, update, options = {}) => {
      const hook = webhooks.get(token);
      if (!hook) throw new Error("no webhook registered for this bot");
      return fetch(hook.url, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": options.secret ?? hook.secret_token }, body: JSON.stringify(update) });
    },
    textUpdate: (chatId, text, languageCode = "en") => ({
      update_id: ++nextUpdate,
      message: { message_id: nextUpdate, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: "private", first_name: "Member" }, from: { id: Number(chatId), is_bot: false, first_name: "Member", language_code: languageCode }, text },
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
