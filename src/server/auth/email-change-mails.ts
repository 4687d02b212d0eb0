import type { Mail } from "../mail/mailer";
import { mailText } from "../mail/mail-text";

/** To the new address: the link that makes the change (better-auth's /verify-email; the token is in the query, which request logs drop). In the user's language (mail/mail-text.ts). */
export const emailChangeMail = (appName: string, to: string, url: string, locale?: string | null): Mail => ({
  to,
  subject: mailText(locale, "emailChange.subject", { appName }),
  text: mailText(locale, "emailChange.text", { appName, url }),
});

/** To the old address: a change was asked for, nothing has changed yet. */
export const emailChangeNoticeMail = (appName: string, to: string, newEmail: string, locale?: string | null): Mail => ({
  to,
  subject: mailText(locale, "emailChangeNotice.subject", { appName }),
  text: mailText(locale, "emailChangeNotice.text", { appName, newEmail }),
});

/** better-auth signs its email links as a JWT; an email change says so in its payload. */
export function isEmailChangeToken(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof parsed === "object" && parsed !== null && "updateTo" in parsed && typeof parsed.updateTo === "string";
  } catch {
    return false;
  }
}
