import type { Mail } from "../../mail/mailer";
import { mailText } from "../../mail/mail-text";

// In the recipient's language: pass `locale` (recipientLocale() in mail/mail-text.ts); English without one.
export const invitationMail = (p: { appName: string; to: string; orgName: string; inviterName: string; role: string; url: string; days: number; locale?: string | null }): Mail => ({
  to: p.to,
  subject: mailText(p.locale, "invitation.subject", p),
  text: mailText(p.locale, p.role === "owner" ? "invitation.text.owner" : "invitation.text.member", p),
});

export const invitationAcceptedMail = (p: { appName: string; appUrl: string; to: string; orgName: string; memberName: string; memberEmail: string; locale?: string | null }): Mail => ({
  to: p.to,
  subject: mailText(p.locale, "invitationAccepted.subject", p),
  text: mailText(p.locale, "invitationAccepted.text", p),
});
