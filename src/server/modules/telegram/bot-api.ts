/**
 * Telegram's Bot API over HTTPS (https://core.telegram.org/bots/api): POST {base}/bot{token}/{method}
 * with a JSON body; every answer is { ok, result } or { ok: false, error_code, description }.
 * The base is the operator's TELEGRAM_API_BASE, never a user's value. The token is in the path, so
 * no error built here repeats the URL.
 */
export type BotApiConfig = { baseUrl: string; timeoutMs: number };

/** `retryAfterS`: Telegram's `parameters.retry_after` on a 429, the seconds to wait before trying again. */
export type BotApiResult<T> = { ok: true; result: T } | { ok: false; status: number | null; description: string; retryAfterS?: number };

export type BotUser = { id: number; is_bot: boolean; first_name: string; username?: string };

export async function callBotApi<T>(config: BotApiConfig, token: string, method: string, body: object = {}): Promise<BotApiResult<T>> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/bot${token}/${method}`;
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), redirect: "manual", signal: AbortSignal.timeout(config.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, status: null, description: timedOut ? "Telegram did not answer in time" : "Could not reach Telegram" };
  }
  const parsed = (await res.json().catch(() => null)) as { ok?: unknown; result?: unknown; description?: unknown; error_code?: unknown; parameters?: { retry_after?: unknown } } | null;
  if (parsed?.ok === true) return { ok: true, result: parsed.result as T };
  // Telegram's own description ("Unauthorized", "Bad Request: chat not found") holds no secret; cut it short anyway.
  const said = typeof parsed?.description === "string" ? parsed.description.slice(0, 200) : `status ${res.status}`;
  const retryAfter = parsed?.parameters?.retry_after;
  const retryAfterS = typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  return { ok: false, status: typeof parsed?.error_code === "number" ? parsed.error_code : res.status, description: said, ...(retryAfterS ? { retryAfterS } : {}) };
}

export const getMe = (c: BotApiConfig, token: string) => callBotApi<BotUser>(c, token, "getMe");
export const setWebhook = (c: BotApiConfig, token: string, url: string, secretToken: string) =>
  callBotApi<boolean>(c, token, "setWebhook", { url, secret_token: secretToken, allowed_updates: ["message"], drop_pending_updates: true });
export const deleteWebhook = (c: BotApiConfig, token: string) => callBotApi<boolean>(c, token, "deleteWebhook", { drop_pending_updates: true });
export const sendMessage = (c: BotApiConfig, token: string, chatId: string, text: string) =>
  callBotApi<{ message_id: number }>(c, token, "sendMessage", { chat_id: chatId, text: text.slice(0, 4096), link_preview_options: { is_disabled: true } });
