import { z } from "zod";

/** Every personal access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = "whq_pat_";

/** How long a new token lives, in days. No "never": a forgotten token should die on its own. */
export const accessTokenExpiryDays = [30, 90, 365] as const;
export type AccessTokenExpiryDays = (typeof accessTokenExpiryDays)[number];

/** read: GET and HEAD only; write: every verb the user's role allows. */
export const accessTokenScopes = ["read", "write"] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];

/** A user's active (not revoked) tokens at most; revoke one to make room. */
export const MAX_ACCESS_TOKENS = 50;

export const createAccessTokenInput = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(80, "Use at most 80 characters"),
    scope: z.enum(accessTokenScopes, "Choose read or write"),
    expires_in_days: z.union(
      accessTokenExpiryDays.map((d) => z.literal(d)),
      "Choose 30, 90 or 365 days",
    ),
  })
  .meta({ id: "CreateAccessTokenInput" });
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenInput>;

export const accessTokenParams = z.object({ tokenId: z.uuid("Token id is not valid") });

/** A token as listed: never the secret, only its last four characters to tell tokens apart. */
export const accessToken = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scope: z.enum(accessTokenScopes),
    hint: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: "AccessToken" });
export type AccessToken = z.infer<typeof accessToken>;

export const accessTokenList = z.object({ tokens: z.array(accessToken) });
export type AccessTokenList = z.infer<typeof accessTokenList>;

/** The answer to a create: the only time the secret leaves the server. */
export const createdAccessToken = z.object({ token: accessToken, secret: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;
