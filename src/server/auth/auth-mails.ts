import type { Mail } from "../mail/mailer";

export const verificationMail = (appName: string, to: string, url: string): Mail => ({
  to,
  subject: `Confirm your email for ${appName}`,
  text: `Welcome to ${appName}.\n\nConfirm your email address by opening this link:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.`,
});

export const resetPasswordMail = (appName: string, to: string, url: string): Mail => ({
  to,
  subject: `Reset your ${appName} password`,
  text: `Someone asked to reset the password for this address.\n\nChoose a new password here:\n${url}\n\nThe link is valid for one hour and signs you out everywhere else. If it was not you, ignore this message.`,
});
