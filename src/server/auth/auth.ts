import { betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { hkdfSync } from "node:crypto";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
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
import { CLIENT_IP_HEADER } from "./client-ip";
import { hookIp } from "./hook-fields";
import { hashPassword, verifyPassword } from "./passwords";
import { recordAuthEvents } from "./record-auth-events";
import { cookieOptions } from "./session-cookies";
import { clearSignInFailures } from "./sign-in-lockout";
import { absoluteEndOf, isPastAbsoluteLifetime } from "./session-limit";

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
      sendResetPassword: async ({ user, token }) => mailer.send(resetPasswordMail(appName, user.email, resetPasswordLink(appUrl, token))),
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
      sendVerificationEmail: async ({ user, url }) => mailer.send(verificationMail(appName, user.email, url)),
    },
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
      before: createAuthMiddleware(async (ctx) => checkAuthRequest(ctx, db)),
      after: createAuthMiddleware(async (ctx) => {
        await recordAuthEvents(ctx, { db, logger });
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
