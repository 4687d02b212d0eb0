import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, SessionUser } from "../context";
import { AppError } from "../lib/errors";

/** Reads the session cookie for API routes; the user is null when signed out. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { auth } = c.get("services");
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  const u = result?.user;
  c.set("user", u ? { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified } : null);
  await next();
};

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Please sign in to continue");
  return user;
}
