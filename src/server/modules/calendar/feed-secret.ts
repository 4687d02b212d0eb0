import { createHash, randomBytes } from "node:crypto";
import { CALENDAR_FEED_PREFIX } from "@/shared/calendar-feed";

/** A new feed secret: the recognisable prefix and 256 random bits. */
export const newFeedSecret = () => `${CALENDAR_FEED_PREFIX}${randomBytes(32).toString("base64url")}`;

/** What the database keeps instead of the secret. */
export const hashFeedSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A well-formed secret, checked before any lookup; calendar apps like a ".ics" at the end, so it may have one. */
export function feedSecretOf(param: string): string | null {
  const secret = param.endsWith(".ics") ? param.slice(0, -4) : param;
  return new RegExp(`^${CALENDAR_FEED_PREFIX}[A-Za-z0-9_-]{43}$`).test(secret) ? secret : null;
}

/** The address a calendar app subscribes to. */
export const feedUrl = (appUrl: string, secret: string) => `${appUrl}/api/v1/calendar-feeds/${secret}.ics`;
