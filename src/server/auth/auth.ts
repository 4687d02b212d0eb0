import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { hkdfSync } from "node:crypto";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import {
  AUTH_ERROR_CODES,
  AUTH_RATE_LIMITS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SESSION_REFRESH_SECONDS,
  SESSION_SLIDING_SECONDS,
} from "@/shared/constants";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { CLIENT_IP_HEADER } from "./client-ip";
import { resetPasswordMail, verificationMail } from "./auth-mails";
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
    // Into our JSON log lines, so one log shipper reads everything.
    logger: { log: (level, message, ...args) => logger[level === "debug" ? "debug" : level](`auth: ${message}`, args.length ? { details: args.map(String) } : undefined) },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(appName, user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
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
      useSecureCookies: appUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: {
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
        if (ctx.path !== "/sign-up/email" && ctx.path !== "/reset-password") return;
        const body: unknown = ctx.body;
        const password = readPassword(body);
        const email = readEmail(body);
        // The spec keeps "already exists" on sign-up; sign-in and reset stay silent about it.
        if (ctx.path === "/sign-up/email" && email && (await ctx.context.internalAdapter.findUserByEmail(email))) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: "User already exists. Use another email.",
          });
        }
        if (password && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", {
            code: AUTH_ERROR_CODES.commonPassword,
            message: "This password is too common. Please choose a less predictable one.",
          });
        }
      }),
      // get-session answers a session past its absolute lifetime with null and revokes it, even
      // when its expires_at was never clamped (a refresh due at that moment, a lowered limit).
      after: createAuthMiddleware(async (ctx) => {
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

function readEmail(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as Record<string, unknown>).email;
  return typeof value === "string" ? value.trim().toLowerCase() : undefined;
}

function readPassword(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  const value = record.password ?? record.newPassword;
  return typeof value === "string" ? value : undefined;
}

export type Auth = ReturnType<typeof createAuth>;
