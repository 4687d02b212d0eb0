import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The proof in a mail's unsubscribe link (RFC 8058): the user's id and an HMAC of it under
 * SECRET_KEY. It can do one thing only, turn that user's task mail off, so it never expires.
 */
const macOf = (secret: string, userId: string) => createHmac("sha256", secret).update(`unsubscribe:task-mail:${userId}`).digest("base64url");

export const unsubscribeToken = (secret: string, userId: string) => `${Buffer.from(userId).toString("base64url")}.${macOf(secret, userId)}`;

/** The user the token names, or null when it was not made with this secret. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [idPart, mac] = token.split(".");
  if (!idPart || !mac) return null;
  const userId = Buffer.from(idPart, "base64url").toString();
  const expected = Buffer.from(macOf(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
