import type { HookEndpointContext } from "better-auth";
import { APIError, isAPIError } from "better-auth/api";
import { and, eq, lt, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { AUTH_ERROR_CODES } from "@/shared/constants";
import type { Db } from "../db/client";
import { usedTotpCodes } from "../db/schema";
import { readField } from "./hook-fields";
import { challengedUser } from "./two-factor-events";

const VERIFY_TOTP = "/two-factor/verify-totp";

/** The server accepts a code for its 30 s period and the one either side: two minutes covers them. */
const REMEMBER_SECONDS = 120;

type Claim = { userId: string; codeHash: string };

/** The code each verify request claimed, until its after hook knows whether the code was right. */
const claims = new WeakMap<Request, Claim>();

/**
 * better-auth's before hook on verify-totp: takes the code for its user, once. A code that
 * already signed someone in (or turned two-factor on) within two minutes is refused, so one seen
 * over a shoulder or in a proxy's log cannot be used again (RFC 6238 §5.2). The claim is a row
 * under the user's and the code's key, so two requests racing with one code cannot both pass.
 * The challenge cookie stays valid: the person can type the next code.
 */
export async function claimTotpCode(ctx: HookEndpointContext, db: Db): Promise<void> {
  if (ctx.path !== VERIFY_TOTP || !ctx.request) return;
  const code = readField(ctx.body, "code");
  if (!code) return;
  const userId = (await challengedUser(ctx)) ?? (await sessionUser(ctx));
  if (!userId) return;
  const claim = { userId, codeHash: createHash("sha256").update(`${userId}:${code}`).digest("base64url") };
  const taken = await db.transaction(async (tx) => {
    await tx.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.usedAt, sql`now() - make_interval(secs => ${REMEMBER_SECONDS})`)));
    const inserted = await tx.insert(usedTotpCodes).values(claim).onConflictDoNothing().returning({ userId: usedTotpCodes.userId });
    return inserted.length === 1;
  });
  if (!taken) {
    throw new APIError("UNAUTHORIZED", { code: AUTH_ERROR_CODES.totpCodeUsed, message: "This code was already used. Wait for the next code in your authenticator app." });
  }
  claims.set(ctx.request, claim);
}

/** Whose session confirms a code that turns two-factor on (the hook runs before the endpoint reads it). */
async function sessionUser(ctx: HookEndpointContext): Promise<string | null> {
  try {
    const token = await ctx.getSignedCookie?.(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return null;
    return (await ctx.context.internalAdapter.findSession(token))?.user.id ?? null;
  } catch {
    return null;
  }
}

/** better-auth's after hook: a code that did not pass (wrong, locked, expired challenge) is not used up. */
export async function releaseFailedTotpCode(ctx: HookEndpointContext, db: Db): Promise<void> {
  const claim = ctx.request && claims.get(ctx.request);
  if (!claim || !ctx.request) return;
  claims.delete(ctx.request);
  if (!isAPIError(ctx.context.returned)) return;
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, claim.userId), eq(usedTotpCodes.codeHash, claim.codeHash)));
}
