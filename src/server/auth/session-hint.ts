import { SESSION_HINT_COOKIE } from "@/shared/session-hint";
import { HOST_COOKIE_PREFIX, SESSION_COOKIE_NAME } from "./session-cookies";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A Set-Cookie line of better-auth's session cookie, with our prefix over https: its value, then its attributes.
const SESSION_COOKIE = new RegExp(`^(?:${escapeRegExp(HOST_COOKIE_PREFIX)})?${escapeRegExp(SESSION_COOKIE_NAME)}=([^;]*)(.*)$`, "i");

/**
 * Copies whatever better-auth just did to the HttpOnly session cookie onto a cookie the page can
 * read (shared/session-hint.ts): set with the same lifetime when a session starts or slides,
 * cleared when it ends. The public pages read it instead of loading the auth client and asking
 * the server on every visit. It says nothing the session cookie's presence would not.
 */
export function withSessionHint(response: Response, secure: boolean): Response {
  const session = response.headers
    .getSetCookie()
    .map((line) => SESSION_COOKIE.exec(line))
    .find((match) => match !== null);
  if (!session) return response;
  const [, value = "", attributes = ""] = session;
  const maxAge = /;\s*max-age=(-?\d+)/i.exec(attributes)?.[1];
  const expires = /;\s*expires=([^;]+)/i.exec(attributes)?.[1];
  const ended = value === "" || (maxAge !== undefined && Number(maxAge) <= 0);
  const parts = [`${SESSION_HINT_COOKIE}=${ended ? "" : "1"}`, "Path=/", "SameSite=Lax"];
  if (ended) parts.push("Max-Age=0");
  else {
    if (maxAge) parts.push(`Max-Age=${maxAge}`);
    if (expires) parts.push(`Expires=${expires}`);
  }
  if (secure) parts.push("Secure");
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", parts.join("; "));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
