import type { Context, MiddlewareHandler } from "hono";
import { SESSION_REFRESH_SECONDS, SESSION_SLIDING_SECONDS } from "@/shared/constants";
import type { AppEnv, Services, SessionUser } from "../context";
import { AppError } from "../lib/errors";
import { sessionKey, type Loaded } from "./session-cache";
import { SESSION_COOKIE_NAME } from "./session-cookies";
import { absoluteEndOf } from "./session-limit";

type SessionTimes = { expiresAt: Date; createdAt: Date };

/**
 * How long an answer of getSession may be reused: never past the session's end, its absolute
 * lifetime, or the moment better-auth would slide it forward (updateAge), which only a lookup
 * that reaches better-auth does.
 */
export function cacheableUntil(session: SessionTimes): number {
  // The refresh falls due (SLIDING - REFRESH) seconds before the session's end, so it is always
  // the earlier of the two: the end itself never needs a term of its own.
  const refreshDue = new Date(session.expiresAt).getTime() - (SESSION_SLIDING_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
  return Math.min(refreshDue, absoluteEndOf(session.createdAt).getTime());
}

/**
 * The signed-in user these request headers name, or null: through the session cache, keyed by the
 * whole cookie header (better-auth's answer depends on nothing else in the request).
 */
export async function readSessionUser({ auth, sessionCache }: Pick<Services, "auth" | "sessionCache">, headers: Headers): Promise<SessionUser | null> {
  const load = async (): Promise<Loaded<SessionUser | null>> => {
    const result = await auth.api.getSession({ headers });
    if (!result) return { value: null };
    const { user: u, session } = result;
    return { value: { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, twoFactorEnabled: u.twoFactorEnabled === true }, userId: u.id, until: cacheableUntil(session) };
  };
  const cookie = headers.get("cookie");
  // Only a header with the session cookie (prefixed or not) names a session worth remembering.
  return cookie?.includes(`${SESSION_COOKIE_NAME}=`) ? sessionCache.read(sessionKey(cookie), load) : (await load()).value;
}

/** Reads the session cookie for API routes; the user is null when signed out. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", await readSessionUser(c.get("services"), c.req.raw.headers));
  await next();
};

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Please sign in to continue");
  return user;
}
