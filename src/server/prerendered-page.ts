/**
 * Which prerendered page answers a request (scripts/vite/prerender-public.ts), by the key the
 * server stores it under: the path, or for /auth's sign-up variant "/auth?mode=sign-up". Null: the
 * SPA answers.
 * - A public page: always, except with ?debug=1 (the debug overlay is React's).
 * - /auth: only a plain request. A signed-in hint means the SPA must redirect to the app; any
 *   other parameter (returnTo, reason=expired, deleted=1, a verification notice, debug) changes
 *   what the page says or does, which only the SPA knows.
 */
export function prerenderedPageKey(path: string, query: URLSearchParams, hasSignedInHint: boolean): string | null {
  if (path !== "/auth") return query.get("debug") === "1" ? null : path;
  if (hasSignedInHint) return null;
  const entries = [...query.entries()];
  if (entries.length === 0) return "/auth";
  if (entries.length === 1 && entries[0]?.[0] === "mode" && entries[0][1] === "sign-up") return "/auth?mode=sign-up";
  return null;
}

/** A page's file name (without .html) -> its key: "auth~mode=sign-up" is "/auth?mode=sign-up" (a "?" in a file name is trouble). */
export const keyFromFileName = (name: string) => (name === "index" ? "/" : `/${name.replace("~", "?")}`);
/** The reverse, used by the build: "/" -> "index", "/auth?mode=sign-up" -> "auth~mode=sign-up". */
export const fileNameFromKey = (key: string) => (key === "/" ? "index" : key.slice(1).replace("?", "~"));
