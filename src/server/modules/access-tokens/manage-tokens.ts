import { and, count, desc, eq, isNull } from "drizzle-orm";
import { MAX_ACCESS_TOKENS, type AccessToken, type CreateAccessTokenInput, type CreatedAccessToken } from "@/shared/access-tokens";
import type { Db } from "../../db/client";
import { accessTokens, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { hashTokenSecret, hintOf, newTokenSecret } from "./token-secret";
import { toAccessToken, tokenColumns } from "./token-row";

/** The caller, as the token verbs need them: always a session (a token cannot manage tokens). */
export type TokenCtx = { db: Db; userId: string; ip: string | null; now: () => Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new token for the caller; the secret is in this answer and nowhere else. The user's row is
 * locked first, so two creates at once cannot both slip under the limit.
 */
export async function createAccessToken({ db, userId, ip, now }: TokenCtx, input: CreateAccessTokenInput): Promise<CreatedAccessToken> {
  const secret = newTokenSecret();
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + input.expires_in_days * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [active] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACCESS_TOKENS) throw new AppError("conflict", `You have ${MAX_ACCESS_TOKENS} tokens already: revoke one first`);
    const [row] = await tx
      .insert(accessTokens)
      .values({ userId, name: input.name, scope: input.scope, tokenHash: hashTokenSecret(secret), hint: hintOf(secret), createdAt, expiresAt })
      .returning(tokenColumns);
    const token = toAccessToken(row!);
    await recordAudit(tx, { orgId: null, actorUserId: userId, ip, action: "access_token.create", targetType: "access_token", targetId: token.id, details: { name: token.name, scope: token.scope, expires_at: token.expires_at } });
    return { token, secret };
  });
}

/** The caller's tokens that are not revoked (expired ones too, marked by their date), newest first. */
export async function listAccessTokens({ db, userId }: Pick<TokenCtx, "db" | "userId">): Promise<AccessToken[]> {
  const rows = await db
    .select(tokenColumns)
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(toAccessToken);
}

/**
 * Revokes one of the caller's tokens, at once: every request looks the token up, so the next one
 * is refused on every instance. Revoking twice is fine (audited once); someone else's token is 404.
 */
export async function revokeAccessToken({ db, userId, ip, now }: TokenCtx, tokenId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(accessTokens)
      .set({ revokedAt: now() })
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id, name: accessTokens.name });
    if (revoked) {
      await recordAudit(tx, { orgId: null, actorUserId: userId, ip, action: "access_token.revoke", targetType: "access_token", targetId: revoked.id, details: { name: revoked.name } });
      return;
    }
    const [exists] = await tx
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)));
    if (!exists) throw new AppError("not_found", "Token not found");
  });
}
