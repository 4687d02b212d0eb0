import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageFromAcceptLanguage, languageOf, type Language } from "@/shared/languages";

/**
 * The language a request is answered in: Accept-Language first (the app sends its own language
 * there on every call; an API client says what it reads), then the language cookie the public
 * pages and the app share, else English. (The public pages, static.ts, put the cookie first: there
 * it is the footer's switcher, and the browser's own Accept-Language is always sent.)
 */
export function languageOfRequest(c: Context): Language {
  return languageFromAcceptLanguage(c.req.header("accept-language")) ?? languageOf(getCookie(c, LANGUAGE_COOKIE)) ?? DEFAULT_LANGUAGE;
}
