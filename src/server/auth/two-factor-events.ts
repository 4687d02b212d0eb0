import type { HookEndpointContext } from "better-auth";
import { isAPIError } from "better-auth/api";
import type { Db } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { AUTH_ACTIONS, recordAuthEvent, type AuthAction } from "./auth-audit";
import { emailChangeNoticeMail } from "./email-change-mails";
import { hookIp, readField } from "./hook-fields";
import { localeOf } from "../mail/mail-text";

type Deps = { db: Db; logger: Logger; mailer: Mailer; appName: string };

/** The cookie better-auth's twoFactor plugin sets between the password and the code. */
const TWO_FACTOR_COOKIE = "two_factor";
const verifyPaths: Record<string, string> = { "/two-factor/verify-totp": "totp", "/two-factor/verify-backup-code": "recovery_code" };
const settingPaths: Record<string, AuthAction> = {
  "/two-factor/enable": AUTH_ACTIONS.twoFactorSetupStarted,
  "/two-factor/disable": AUTH_ACTIONS.twoFactorDisabled,
  "/two-factor/generate-backup-codes": AUTH_ACTIONS.recoveryCodesRegenerated,
};

/**
 * A device is never "trusted" past the second factor: an organisation that requires two-factor
 * sign-in gets it at every sign-in. Returns the body without trustDevice, or nothing.
 */
export function withoutTrustedDevice(ctx: HookEndpointContext): { context: { body: Record<string, unknown> } } | undefined {
  if (!((ctx.path ?? "") in verifyPaths) || !ctx.body || typeof ctx.body !== "object" || !("trustDevice" in ctx.body)) return undefined;
  return { context: { body: { ...(ctx.body as Record<string, unknown>), trustDevice: false } } };
}

/** Which user a pending sign-in challenge (the two_factor cookie) belongs to, or null. */
export async function challengedUser(ctx: HookEndpointContext): Promise<string | null> {
  try {
    const name = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
    const identifier = await ctx.getSignedCookie?.(name, ctx.context.secret);
    if (!identifier) return null;
    return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * better-auth's after hook for two-factor sign-in and settings, and for the email change: the
 * audit rows (never a code, secret or token) and the notice to the address being replaced.
 * Enabling is recorded when the first code confirms it (databaseHooks in auth.ts), since the
 * verify answer alone does not say whether it enabled anything.
 */
export async function recordTwoFactorEvents(ctx: HookEndpointContext, deps: Deps): Promise<void> {
  const path = ctx.path ?? "";
  const returned = ctx.context.returned;
  const ip = hookIp(ctx);
  const method = verifyPaths[path];
  if (method) {
    const sessionUserId = ctx.context.session?.user.id ?? null;
    if (isAPIError(returned)) {
      const actorUserId = sessionUserId ?? (await challengedUser(ctx));
      await recordAuthEvent(deps.db, deps.logger, { action: AUTH_ACTIONS.twoFactorFailed, actorUserId, ip, details: { method, status: returned.statusCode } });
      return;
    }
    // A sign-in finished by the code: the challenge cookie came with it and a session was made.
    const newUserId = ctx.context.newSession?.user.id;
    const hadChallenge = (ctx.headers?.get("cookie") ?? "").includes(`${TWO_FACTOR_COOKIE}=`);
    if (newUserId && hadChallenge) await recordAuthEvent(deps.db, deps.logger, { action: AUTH_ACTIONS.signIn, actorUserId: newUserId, ip, details: { method } });
    return;
  }
  const action = settingPaths[path];
  const userId = ctx.context.session?.user.id;
  if (action && userId) {
    await recordAuthEvent(deps.db, deps.logger, { action, actorUserId: userId, ip, details: isAPIError(returned) ? { refused: true, status: returned.statusCode } : undefined });
    return;
  }
  if (path === "/change-email" && userId && !isAPIError(returned)) {
    const newEmail = readField(ctx.body, "newEmail")?.trim().toLowerCase() ?? "";
    const oldEmail = ctx.context.session?.user.email ?? "";
    await recordAuthEvent(deps.db, deps.logger, { action: AUTH_ACTIONS.emailChangeRequested, actorUserId: userId, ip, details: { newEmail } });
    // Sent whether or not the new address is free, so the answer says nothing about other accounts.
    try {
      await deps.mailer.send(emailChangeNoticeMail(deps.appName, oldEmail, newEmail, localeOf(ctx.context.session?.user, ctx.request)));
    } catch (error) {
      deps.logger.error("could not send the email change notice", { userId, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
