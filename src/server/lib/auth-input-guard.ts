import type { Context, MiddlewareHandler } from "hono";
import { MAX_EMAIL_LENGTH } from "@/shared/auth-forms";
import type { AppEnv } from "../context";
import { AppError } from "./errors";

// Where better-auth sends the browser afterwards. On GET it composes the redirect without
// checking the value first, so "garbage" threw (a 500) and another site's address was followed.
const redirectParams = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/** A path on this site ("/x", never "//host" or "/\host"), or an absolute URL on the app's own origin. */
export function isOwnRedirect(value: string, appUrl: string): boolean {
  const own = new URL(appUrl).origin;
  if (value.startsWith("/")) {
    if (value.startsWith("//") || value.startsWith("/\\")) return false;
    return URL.canParse(value, own) && new URL(value, own).origin === own;
  }
  return URL.canParse(value) && new URL(value).origin === own;
}

/** The JSON body's email, as better-auth will read it (the text guard has read the body already). */
async function emailOf(c: Context): Promise<unknown> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return undefined;
  try {
    const body: unknown = JSON.parse(await c.req.text());
    return body && typeof body === "object" ? (body as Record<string, unknown>).email : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What better-auth takes on trust in /api/auth/*, refused with 400 before it reads the request:
 * a redirect target off this site, and an email longer than any deliverable address (the
 * sign-in lockout indexes the address, and an 8 KB one failed that index as a 500).
 */
export const authInputGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const appUrl = c.get("services").env.APP_URL;
  for (const name of redirectParams) {
    for (const value of c.req.queries(name) ?? []) {
      if (!isOwnRedirect(value, appUrl)) throw new AppError("bad_request", "The address to return to is not on this site", { [name]: "Give a path on this site, such as /" });
    }
  }
  const email = await emailOf(c);
  if (typeof email === "string" && email.trim().length > MAX_EMAIL_LENGTH) {
    throw new AppError("bad_request", "That email address is too long", { email: `Use at most ${MAX_EMAIL_LENGTH} characters` });
  }
  await next();
};
