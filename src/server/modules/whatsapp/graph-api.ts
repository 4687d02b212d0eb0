import { createHmac } from "node:crypto";

/**
 * WhatsApp's Cloud API on Meta's Graph API (https://developers.facebook.com/docs/whatsapp/cloud-api):
 * {base}/{phone-number-id}… with `Authorization: Bearer <token>`; errors come as
 * { error: { message, type, code, error_subcode?, error_data?: { details } } }. The base (with its
 * version) is the operator's WHATSAPP_API_BASE, never a user's value.
 */
export type GraphConfig = { baseUrl: string; timeoutMs: number };

export type GraphError = { ok: false; status: number | null; code: number | null; description: string };
export type GraphResult<T> = { ok: true; result: T } | GraphError;

export type PhoneNumber = { id: string; display_phone_number: string; verified_name?: string };
export type SentMessages = { messages: { id: string }[] };

/** The message a business may send after the 24-hour window closed (Graph error 131047, "Re-engagement message"). */
export const REENGAGEMENT_REQUIRED = 131047;

/**
 * Graph's throttling codes (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes):
 * 4 the app's call limit, 80007 the business account's, 130429 the number's throughput, 131048 the
 * spam limit, 131056 too many messages to one recipient. Meta answers them with 400 as often as 429.
 */
const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131048, 131056]);
export const isRateLimited = (code: number | null): boolean => code !== null && RATE_LIMIT_CODES.has(code);

/** Graph checks appsecret_proof (HMAC-SHA256 of the token under the app secret) whenever it is sent: a wrong app secret fails the test. */
export const appSecretProof = (token: string, appSecret: string) => createHmac("sha256", appSecret).update(token).digest("hex");

async function callGraph<T>(config: GraphConfig, token: string, path: string, init: { method: "GET" | "POST"; body?: object }): Promise<GraphResult<T>> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, status: null, code: null, description: timedOut ? "WhatsApp did not answer in time" : "Could not reach WhatsApp" };
  }
  const parsed = (await res.json().catch(() => null)) as { error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } } } | null;
  if (res.ok && parsed && !parsed.error) return { ok: true, result: parsed as T };
  const error = parsed?.error;
  const code = typeof error?.code === "number" ? error.code : null;
  // Meta's message and details ("Invalid OAuth access token", "Re-engagement message") hold no secret; cut them short anyway.
  const words = [typeof error?.message === "string" ? error.message : `status ${res.status}`, typeof error?.error_data?.details === "string" ? error.error_data.details : null].filter(Boolean).join(": ");
  return { ok: false, status: res.status, code, description: code ? `${words.slice(0, 240)} (code ${code})` : words.slice(0, 240) };
}

/** The test: the number's display form and verified business name, with the app secret's proof. */
export const readPhoneNumber = (c: GraphConfig, token: string, appSecret: string, phoneNumberId: string) =>
  callGraph<PhoneNumber>(c, token, `${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name&appsecret_proof=${appSecretProof(token, appSecret)}`, { method: "GET" });

export const sendText = (c: GraphConfig, token: string, phoneNumberId: string, to: string, text: string) =>
  callGraph<SentMessages>(c, token, `${encodeURIComponent(phoneNumberId)}/messages`, {
    method: "POST",
    body: { messaging_product: "whatsapp", recipient_type: "individual", to, type: "text", text: { preview_url: false, body: text.slice(0, 4096) } },
  });

/**
 * An approved template with the notice as its one body parameter ({{1}}). Template parameters may
 * not hold new lines, tabs or more than four spaces in a row (Graph error 132018), so lines are joined.
 */
export const sendTemplate = (c: GraphConfig, token: string, phoneNumberId: string, to: string, template: { name: string; language: string; text: string }) =>
  callGraph<SentMessages>(c, token, `${encodeURIComponent(phoneNumberId)}/messages`, {
    method: "POST",
    body: {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "template",
      template: { name: template.name, language: { code: template.language }, components: [{ type: "body", parameters: [{ type: "text", text: templateParameter(template.text) }] }] },
    },
  });

export const templateParameter = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" · ")
    .slice(0, 1024);
