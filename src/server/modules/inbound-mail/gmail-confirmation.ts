/**
 * Gmail's "Forwarding Confirmation" mail: sent from forwarding-noreply@google.com to the address a
 * Gmail user wants to forward to. It carries a confirmation code and a link; we show both on the
 * Gmail card so the user can confirm, and never make a task of it.
 */
const GMAIL_FORWARDING_SENDER = "forwarding-noreply@google.com";

export function isGmailForwardingConfirmation(from: string, subject: string): boolean {
  return from.toLowerCase() === GMAIL_FORWARDING_SENDER && /forwarding confirmation/i.test(subject);
}

/** Only Google's own hosts: a forged mail with this sender cannot make us show someone else's link. */
const GOOGLE_LINK = /https:\/\/(?:mail-settings\.google\.com|mail\.google\.com|isolated\.mail\.google\.com)\/[^\s<>"')\]]+/;

export function confirmationOf(subject: string, text: string): { code: string | null; url: string | null } {
  const code = /\(#(\d{6,12})\)/.exec(subject)?.[1] ?? /confirmation code:\s*(\d{6,12})/i.exec(text)?.[1] ?? null;
  const url = GOOGLE_LINK.exec(text)?.[0] ?? null;
  return { code, url: url && url.length <= 1_000 ? url : null };
}
