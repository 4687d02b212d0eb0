import type { HookEndpointContext } from "better-auth";
import { isAPIError } from "better-auth/api";
import type { Db } from "../db/client";
import type { Logger } from "../lib/logger";
import { AUTH_ACTIONS, recordAuthEvent, type AuthAction } from "./auth-audit";
import { hookIp, readEmail, readFlag } from "./hook-fields";
import { clearSignInFailures, recordSignInFailure } from "./sign-in-lockout";

type Deps = { db: Db; logger: Logger };

const sessionPaths: Record<string, { action: AuthAction; details?: Record<string, boolean> }> = {
  "/change-password": { action: AUTH_ACTIONS.passwordChange },
  "/revoke-session": { action: AUTH_ACTIONS.sessionRevoked },
  "/revoke-sessions": { action: AUTH_ACTIONS.signOutEverywhere, details: { keptThisSession: false } },
  "/revoke-other-sessions": { action: AUTH_ACTIONS.signOutEverywhere, details: { keptThisSession: true } },
};

/**
 * better-auth's after hook, for the audit log and the lockout count. It sees the endpoint's answer
 * (an APIError when it refused) and the session it used or created. Sign-out and password reset
 * are recorded elsewhere, since their session or user is gone or unknown by now.
 */
export async function recordAuthEvents(ctx: HookEndpointContext, deps: Deps): Promise<void> {
  const path = ctx.path ?? "";
  const returned = ctx.context.returned;
  const ip = hookIp(ctx);
  if (path === "/sign-in/email") {
    if (isAPIError(returned)) return returned.statusCode === 401 ? signInFailed(ctx, deps, ip) : undefined;
    const userId = ctx.context.newSession?.user.id ?? null;
    if (!userId) return;
    // Right password, two-factor on: the twoFactor plugin's hook (after this one) swaps the session
    // for a code challenge; the sign-in is recorded when a code finishes it (two-factor-events.ts).
    const twoFactorOn = (ctx.context.newSession?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled === true;
    await recordAuthEvent(deps.db, deps.logger, { action: twoFactorOn ? AUTH_ACTIONS.twoFactorChallenge : AUTH_ACTIONS.signIn, actorUserId: userId, ip });
    await clearSignInFailures(deps.db, readEmail(ctx.body) ?? "");
    return;
  }
  if (path === "/verify-email") {
    // The confirmation link signed the user in (autoSignInAfterVerification); it answers with a redirect.
    const userId = ctx.context.newSession?.user.id;
    if (userId) await recordAuthEvent(deps.db, deps.logger, { action: AUTH_ACTIONS.signIn, actorUserId: userId, ip, details: { method: "email_verification" } });
    return;
  }
  const event = sessionPaths[path];
  const userId = ctx.context.session?.user.id;
  if (!event || !userId || isAPIError(returned)) return;
  const details = path === "/change-password" ? { otherSessionsRevoked: readFlag(ctx.body, "revokeOtherSessions") } : event.details;
  await recordAuthEvent(deps.db, deps.logger, { action: event.action, actorUserId: userId, ip, details });
}

async function signInFailed(ctx: HookEndpointContext, { db, logger }: Deps, ip: string | null) {
  const email = readEmail(ctx.body);
  if (!email) return;
  const known = await ctx.context.internalAdapter.findUserByEmail(email);
  const actorUserId = known?.user.id ?? null;
  // The address is kept so an owner can see which account was tried; it passed better-auth's email check.
  await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.signInFailed, actorUserId, ip, details: { email } });
  if (!(await recordSignInFailure(db, email, ip))) return;
  await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.lockout, actorUserId, ip, details: { email } });
  logger.warn("sign-in locked for an account after repeated failures", { userId: actorUserId, ip });
}
