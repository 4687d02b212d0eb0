import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_PREFIX } from "@/shared/access-tokens";

/** A new secret: the recognisable prefix and 256 random bits. */
export function newTokenSecret(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What the database keeps instead of the secret. */
export const hashTokenSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The last four characters, shown in the list so a person can tell their tokens apart. */
export const hintOf = (secret: string) => secret.slice(-4);

/** A well-formed secret (the prefix and 43 base64url characters), checked before any lookup. */
export const looksLikeTokenSecret = (value: string) => new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`).test(value);
