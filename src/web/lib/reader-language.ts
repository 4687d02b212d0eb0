/**
 * The app's language, kept on <html lang> (i18n/index.ts), sent as Accept-Language on every call
 * so the server writes its refusals in it rather than in the browser's own language.
 */
export function readerLanguageHeader(): Record<string, string> {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return lang ? { "Accept-Language": lang } : {};
}
