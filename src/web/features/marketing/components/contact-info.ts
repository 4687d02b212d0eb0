/** Public contact addresses, in one place so an operator changes them once. */
export const contactEmails = {
  sales: "sales@welovehq.eu",
  support: "support@welovehq.eu",
  privacy: "privacy@welovehq.eu",
} as const;

export type ContactChannel = keyof typeof contactEmails;
