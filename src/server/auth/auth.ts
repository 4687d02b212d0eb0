import { betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { hkdfSync } from "node:crypto";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { localeOf } from "../mail/mail-text";
import {
  AUTH_RATE_LIMITS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SESSION_REFRESH_SECONDS,
  SESSION_SLIDING_SECONDS,
} from "@/shared/constants";
import { AUTH_ACTIONS, recordAuthEvent } from "./auth-audit";
import { authLogger } from "./auth-logger";
import { resetPasswordLink, resetPasswordMail, verificationMail } from "./auth-mails";
import { checkAuthRequest } from "./check-auth-request";
import { emailChangeMail, isEmailChangeToken } from "./email-change-mails";
import { CLIENT_IP_HEADER } from "./client-ip";
import { hookIp } from "./hook-fields";
import { hashPassword, verifyPassword } from "./passwords";
import { recordAuthEvents } from "./record-auth-events";
import { cookieOptions } from "./session-cookies";
import { clearSignInFailures } from "./sign-in-lockout";
import { claimTotpCode, releaseFailedTotpCode } from "./totp-replay";
import { recordTwoFactorEvents, withoutTrustedDevice } from "./two-factor-events";
import { absoluteEndOf, isPastAbsoluteLifetime } from "./session-limit";
import { userPreferenceFields } from "./user-preferences";

export type AuthOptions = { db: Db; mailer: Mailer; appUrl: string; appName: string; secretKey: string; logger: Logger };

export function createAuth({ db, mailer, appUrl, appName, secretKey, logger }: AuthOptions) {
  return betterAuth({
    appName,
    baseURL: appUrl,
    basePath: "/api/auth",
    // A key of its own, derived from SECRET_KEY, so auth tokens and stored secrets never share one.
    secret: Buffer.from(hkdfSync("sha256", Buffer.from(secretKey, "hex"), "", "better-auth", 32)).toString("hex"),
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { ...schema, rateLimit: schema.rateLimit } }),
    telemetry: { enabled: false },
    logger: authLogger(logger),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      // better-auth's own link puts the token in a path the server logs; ours keeps it in the fragment.
      sendResetPassword: async ({ user, token }, request) => mailer.send(resetPasswordMail(appName, user.email, resetPasswordLink(appUrl, token), localeOf(user, request))),
      onPasswordReset: async ({ user }, request) => {
        await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.passwordReset, actorUserId: user.id, ip: request?.headers.get(CLIENT_IP_HEADER) ?? null });
        // The owner proved control of the mailbox: a lockout from someone else's guessing ends.
        await clearSignInFailures(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A refused sign-in offers "Resend verification email" instead: one way to a new link,
      // counted by its limits (AUTH_RATE_LIMITS, verification-mail-limit.ts).
      sendOnSignIn: false,
      // The link proves the mailbox, as a reset link does: it signs the user in, once (a second
      // click on a confirmed address only redirects). The web asks for /auth?verified=1, which
      // forwards a session to /app and otherwise says the address is confirmed.
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      // An email change mails its link to the new address (user.email is the new one here).
      sendVerificationEmail: async ({ user, url, token }, request) =>
        mailer.send(isEmailChangeToken(token) ? emailChangeMail(appName, user.email, url, localeOf(user, request)) : verificationMail(appName, user.email, url, localeOf(user, request))),
    },
    user: {
      // The address changes only when the link mailed to the new one is opened (the old one gets a
      // notice: two-factor-events.ts); better-auth answers alike when the new address is taken.
      changeEmail: { enabled: true },
      // Language and theme (user-preferences.ts).
      additionalFields: userPreferenceFields,
    },
    plugins: [
      // TOTP with 10 one-time recovery codes, both stored encrypted. Sign-in answers
      // { twoFactorRedirect: true } after the password and sets a 10-minute challenge cookie.
      twoFactor({ issuer: appName, backupCodeOptions: { amount: 10 } }),
    ],
    session: {
      expiresIn: SESSION_SLIDING_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 300, customRules: { ...AUTH_RATE_LIMITS } },
    advanced: {
      // Only our own middleware writes this header, from the socket (or a trusted proxy).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      ...cookieOptions(appUrl),
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        update: {
          after: async (updated, ctx) => {
            const path = ctx?.path;
            // The first correct code turns two-factor on (better-auth's verify-totp).
            if (path === "/two-factor/verify-totp" && (updated as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
              await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.twoFactorEnabled, actorUserId: updated.id, ip: ctx ? hookIp(ctx) : null });
            }
            // The link mailed to the new address was opened: the one update that writes the address.
            const token: unknown = ctx?.query?.token;
            if (path === "/verify-email" && typeof token === "string" && isEmailChangeToken(token)) {
              await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.emailChanged, actorUserId: updated.id, ip: ctx ? hookIp(ctx) : null, details: { email: updated.email } });
            }
          },
        },
      },
      session: {
        // Sign-out deletes the session before any after hook could read whose it was.
        delete: {
          after: async (deleted, ctx) => {
            if (ctx?.path !== "/sign-out") return;
            await recordAuthEvent(db, logger, { action: AUTH_ACTIONS.signOut, actorUserId: deleted.userId, ip: hookIp(ctx) });
          },
        },
        update: {
          // Sliding refresh never carries a session past its absolute lifetime.
          before: async (data, ctx) => {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!createdAt || !(data.expiresAt instanceof Date)) return;
            const limit = absoluteEndOf(createdAt);
            if (data.expiresAt > limit) return { data: { ...data, expiresAt: limit } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const change = (await checkAuthRequest(ctx, db)) ?? withoutTrustedDevice(ctx);
        await claimTotpCode(ctx, db);
        return change;
      }),
      after: createAuthMiddleware(async (ctx) => {
        await releaseFailedTotpCode(ctx, db);
        await recordAuthEvents(ctx, { db, logger });
        await recordTwoFactorEvents(ctx, { db, logger, mailer, appName });
        // get-session answers a session past its absolute lifetime with null and revokes it, even
        // when its expires_at was never clamped (a refresh due at that moment, a lowered limit).
        if (ctx.path !== "/get-session") return;
        const current = ctx.context.session?.session;
        if (!current || !isPastAbsoluteLifetime(current.createdAt)) return;
        await ctx.context.internalAdapter.deleteSession(current.token);
        deleteSessionCookie(ctx);
        return ctx.json(null);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
