import type { Language } from "@/shared/languages";
import { translateServerMessage } from "../i18n/server-messages";
import { AUTH_ERROR_TEXTS } from "./auth-error-texts";

/**
 * better-auth's JSON refusals ({ code, message }) in the reader's language, as every other /api
 * refusal is (lib/error-handler.ts): by code from AUTH_ERROR_TEXTS, else the server catalogue, else
 * as it came. The browser still maps the codes it knows to its own words.
 */
export async function authErrorIn(lang: Language, response: Response): Promise<Response> {
  if (lang === "en" || response.status < 400 || !response.headers.get("Content-Type")?.includes("json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object" || !("message" in body) || typeof body.message !== "string") return response;
  const code = "code" in body && typeof body.code === "string" ? body.code : null;
  const message = (code && AUTH_ERROR_TEXTS[lang][code]) ?? translateServerMessage(lang, body.message);
  if (message === body.message) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", lang);
  return new Response(JSON.stringify({ ...body, message }), { status: response.status, statusText: response.statusText, headers });
}
