import type { BetterAuthAdvancedOptions } from "better-auth";

const names = ["session_token", "session_data", "dont_remember", "account_data"] as const;
const cookieName = (name: (typeof names)[number]) => `better-auth.${name}`;

/** Our prefix on every auth cookie over https (below). */
export const HOST_COOKIE_PREFIX = "__Host-";
/** better-auth's session cookie; over https it carries HOST_COOKIE_PREFIX in front. */
export const SESSION_COOKIE_NAME = cookieName("session_token");

/**
 * Over https every auth cookie is `__Host-`: Secure, Path=/ and no Domain, so a sibling subdomain
 * cannot set or shadow it. better-auth only knows `__Secure-`, which it would put in front of any
 * name we give, so its own prefix is off and the names carry ours (better-call then enforces the
 * attributes a `__Host-` cookie needs).
 */
export function cookieOptions(appUrl: string): Pick<BetterAuthAdvancedOptions, "useSecureCookies" | "defaultCookieAttributes" | "cookies"> {
  if (!appUrl.startsWith("https://")) return { useSecureCookies: false };
  return {
    useSecureCookies: false,
    defaultCookieAttributes: { secure: true, path: "/" },
    cookies: Object.fromEntries(names.map((name) => [name, { name: `${HOST_COOKIE_PREFIX}${cookieName(name)}` }])),
  };
}
