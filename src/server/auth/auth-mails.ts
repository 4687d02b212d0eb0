import type { Mail } from "../mail/mailer";
import { mailText } from "../mail/mail-text";

/** In the recipient's language (`locale`: their stored choice, else their browser's at sign-up; English otherwise). */
export const verificationMail = (appName: string, to: string, url: string, locale?: string | null): Mail => ({
  to,
  subject: mailText(locale, "verification.subject", { appName }),
  text: mailText(locale, "verification.text", { appName, url }),
});

/**
 * The token rides in the fragment, which browsers never send to a server, so it stays out of
 * request logs, proxies and Referer headers; the reset page reads it and POSTs it.
 */
export const resetPasswordLink = (appUrl: string, token: string) => `${appUrl}/auth/reset-password#token=${encodeURIComponent(token)}`;

export const resetPasswordMail = (appName: string, to: string, url: string, locale?: string | null): Mail => ({
  to,
  subject: mailText(locale, "resetPassword.subject", { appName }),
  text: mailText(locale, "resetPassword.text", { appName, url }),
});
