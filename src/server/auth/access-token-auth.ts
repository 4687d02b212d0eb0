import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { ACCESS_TOKEN_PREFIX, type AccessTokenScope } from "@/shared/access-tokens";
import type { AppEnv, Services, SessionUser } from "../context";
import { accessTokens, user } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { AppError } from "../lib/errors";
import { matchedRoute } from "../lib/route-policies";
import { hashTokenSecret, looksLikeTokenSecret } from "../modules/access-tokens/token-secret";
import { loadSession } from "./session";

export type TokenCaller = { tokenId: string; scope: AccessTokenScope };

/** last_used_at moves at most this often, so a busy token is not a write per request. */
export const LAST_USE_EVERY_MS = 60_000;
/** A token's use is audited at most this often (docs/decisions/017-personal-access-tokens.md). */
export const USE_AUDIT_EVERY_MS = 60 * 60_000;

const callers = new WeakMap<Request, TokenCaller>();

/** The token a request came with, or null for a session (or nobody). */
export const tokenCallerOf = (c: Context<AppEnv>): TokenCaller | null => callers.get(c.req.raw) ?? null;

/** `Authorization: Bearer …`: the credential, or undefined when the request names no bearer token. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** A request that names one of our tokens: the origin guard lets it by, as it carries no ambient credential. */
export const namesAccessToken = (header: string | undefined) => bearerOf(header)?.startsWith(ACCESS_TOKEN_PREFIX) ?? false;

const refused = (message: string) => new AppError("unauthorized", message);
const readOnly = new Set(["GET", "HEAD"]);
const tokenRoutes = "/api/v1/me/access-tokens";
/**
 * What a token can never do, whatever its scope: mint, list or revoke tokens, or delete the account
 * (which would take the sessions with it). Sessions themselves live under /api/auth, which reads
 * cookies only. The functions (/functions/v1) read cookies only too.
 */
export const isSessionOnly = (method: string, path: string) => path === tokenRoutes || path.startsWith(`${tokenRoutes}/`) || (method === "DELETE" && path === "/api/v1/me");

type Found = { user: SessionUser; tokenId: string; name: string; scope: AccessTokenScope; lastUsedAt: Date | null; useAuditedAt: Date | null };

async function findToken({ database, clock }: Pick<Services, "database" | "clock">, secret: string): Promise<Found> {
  if (!looksLikeTokenSecret(secret)) throw refused("This access token is not valid");
  const [row] = await database.db
    .select({
      tokenId: accessTokens.id,
      name: accessTokens.name,
      scope: accessTokens.scope,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      useAuditedAt: accessTokens.useAuditedAt,
      id: user.id,
      email: user.email,
      userName: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(accessTokens)
    .innerJoin(user, eq(user.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, hashTokenSecret(secret)))
    .limit(1);
  if (!row) throw refused("This access token is not valid");
  if (row.revokedAt) throw refused("This access token has been revoked");
  if (row.expiresAt.getTime() <= clock.now().getTime()) throw refused("This access token has expired");
  return {
    // Two-factor as the user row says: an organisation that requires it refuses the token of a user without it, as it does their session.
    user: { id: row.id, email: row.email, name: row.userName, emailVerified: row.emailVerified, twoFactorEnabled: row.twoFactorEnabled },
    tokenId: row.tokenId,
    name: row.name,
    scope: row.scope === "write" ? "write" : "read",
    lastUsedAt: row.lastUsedAt,
    useAuditedAt: row.useAuditedAt,
  };
}

/**
 * Records a use: last_used_at when the one stored is a minute old, and an audit row for the first
 * use in an hour. Both are conditional updates, so instances racing on one token write once.
 */
async function recordUse(c: Context<AppEnv>, found: Found): Promise<void> {
  const { database, clock } = c.get("services");
  const now = clock.now();
  const stale = (at: Date | null, ms: number) => at === null || now.getTime() - at.getTime() >= ms;
  const touch = stale(found.lastUsedAt, LAST_USE_EVERY_MS);
  const audit = stale(found.useAuditedAt, USE_AUDIT_EVERY_MS);
  if (!touch && !audit) return;
  const ip = c.get("clientIp") ?? null;
  const route = matchedRoute(c)?.path ?? c.req.path;
  await database.db.transaction(async (tx) => {
    if (touch) {
      const cutoff = new Date(now.getTime() - LAST_USE_EVERY_MS);
      await tx
        .update(accessTokens)
        .set({ lastUsedAt: now, lastUsedIp: ip })
        .where(and(eq(accessTokens.id, found.tokenId), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, cutoff))));
    }
    if (!audit) return;
    const cutoff = new Date(now.getTime() - USE_AUDIT_EVERY_MS);
    const [won] = await tx
      .update(accessTokens)
      .set({ useAuditedAt: now })
      .where(and(eq(accessTokens.id, found.tokenId), or(isNull(accessTokens.useAuditedAt), lt(accessTokens.useAuditedAt, cutoff))))
      .returning({ id: accessTokens.id });
    if (won) {
      const details = { name: found.name, scope: found.scope, method: c.req.method, route };
      await recordAudit(tx, { orgId: null, actorUserId: found.user.id, ip, action: "access_token.use", targetType: "access_token", targetId: found.tokenId, details });
    }
  });
}

/**
 * Who is calling /api/v1: with `Authorization: Bearer whq_pat_…`, the token's user (never the
 * cookie's, so a token request cannot ride on a session); otherwise the session, as before. The
 * handlers then apply the same membership and role checks to either.
 */
export const loadCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = bearerOf(c.req.header("authorization"));
  if (secret === undefined) return loadSession(c, next);
  if (isSessionOnly(c.req.method, c.req.path)) {
    throw new AppError("forbidden", "An access token cannot manage access tokens or the account: sign in to do this");
  }
  const found = await findToken(c.get("services"), secret);
  if (found.scope === "read" && !readOnly.has(c.req.method)) {
    throw new AppError("token_scope", "This access token can only read: create a token with the write scope to make changes");
  }
  await recordUse(c, found);
  c.set("user", found.user);
  callers.set(c.req.raw, { tokenId: found.tokenId, scope: found.scope });
  await next();
};
