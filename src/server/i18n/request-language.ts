import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageFromAcceptLanguage, languageOf, type Language } from "@/shared/languages";

/**
 * The language a request is answered in: Accept-Language first (the app sends its own language
 * there on every call; an API client says what it reads), then the language cookie the public
 * pages and the app share, else English.
 */
export function languageOfRequest(headers: Headers): Language {
  const fromHeader = languageFromAcceptLanguage(headers.get("accept-language"));
  if (fromHeader) return fromHeader;
  const cookie = headers.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`))?.[1];
  return languageOf(cookie) ?? DEFAULT_LANGUAGE;
}
