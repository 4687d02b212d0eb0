import type { AccessToken, AccessTokenScope } from "@/shared/access-tokens";
import { accessTokens } from "../../db/schema";

export const tokenColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  scope: accessTokens.scope,
  hint: accessTokens.hint,
  createdAt: accessTokens.createdAt,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
};

type Row = { id: string; name: string; scope: string; hint: string; createdAt: Date; expiresAt: Date; lastUsedAt: Date | null };

export const toAccessToken = (r: Row): AccessToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope as AccessTokenScope,
  hint: r.hint,
  created_at: r.createdAt.toISOString(),
  expires_at: r.expiresAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});
