import type { Mail } from "../mail/mailer";

export const verificationMail = (appName: string, to: string, url: string): Mail => ({
  to,
  subject: `Confirm your email for ${appName}`,
  text: `Welcome to ${appName}.\n\nConfirm your email address by opening this link:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.`,
});

/**
 * The token rides in the fragment, which browsers never send to a server, so it stays out of
 * request logs, proxies and Referer headers; the reset page reads it and POSTs it.
 */
export const resetPasswordLink = (appUrl: string, token: string) => `${appUrl}/auth/reset-password#token=${encodeURIComponent(token)}`;

export const resetPasswordMail = (appName: string, to: string, url: string): Mail => ({
  to,
  subject: `Reset your ${appName} password`,
  text: `Someone asked to reset the password for this address.\n\nChoose a new password here:\n${url}\n\nThe link is valid for one hour and signs you out everywhere else. If it was not you, ignore this message.`,
});
