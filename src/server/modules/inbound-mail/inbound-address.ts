import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Env } from "../../env";

/** The domain of every inbound address: INBOUND_MAIL_DOMAIN, or APP_URL's host name. */
/** The receivers the configuration turns on: our SMTP receiver, the IMAP poller, both or none. */
export const receiversOf = (env: Pick<Env, "INBOUND_SMTP_PORT" | "INBOUND_IMAP_URL">): ("smtp" | "imap")[] => [...(env.INBOUND_SMTP_PORT !== undefined ? (["smtp"] as const) : []), ...(env.INBOUND_IMAP_URL !== undefined ? (["imap"] as const) : [])];

export const inboundDomainOf = (env: Pick<Env, "INBOUND_MAIL_DOMAIN" | "APP_URL">): string => (env.INBOUND_MAIL_DOMAIN ?? new URL(env.APP_URL).hostname).toLowerCase();

/** Lower-case base32-ish: MTAs may fold the case of a local part, so the token never relies on it. */
export const newProjectToken = (): string => randomBytes(15).toString("hex");

export const projectAddressOf = (token: string, domain: string) => `p-${token}@${domain}`;

export type InboundTarget = { kind: "project"; token: string } | { kind: "reply"; taskId: string; mac: string };

const UUID_HEX = /^[0-9a-f]{32}$/;
const hexToUuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** What a recipient names, or null when it is not one of ours (wrong domain or shape). */
export function parseRecipient(address: string, domain: string): InboundTarget | null {
  const at = address.lastIndexOf("@");
  if (at < 1) return null;
  const local = address.slice(0, at).toLowerCase();
  if (address.slice(at + 1).toLowerCase() !== domain) return null;
  const project = /^p-([0-9a-f]{30})$/.exec(local);
  if (project) return { kind: "project", token: project[1]! };
  const reply = /^r-([0-9a-f]{32})-([0-9a-f]{20})$/.exec(local);
  if (reply && UUID_HEX.test(reply[1]!)) return { kind: "reply", taskId: hexToUuid(reply[1]!), mac: reply[2]! };
  return null;
}

/**
 * A notification's Reply-To: the task and a MAC over (task, recipient). The reply is a comment only
 * when the mail comes from that recipient's address: the token alone names no author, and another
 * person's token (or another organisation's) does not verify for them.
 */
function replyMac(secret: string, taskId: string, userId: string): string {
  return createHmac("sha256", secret).update(`mail-reply\0${taskId}\0${userId}`).digest("hex").slice(0, 20);
}

export const replyAddressOf = (secret: string, domain: string, taskId: string, userId: string) => `r-${taskId.replace(/-/g, "")}-${replyMac(secret, taskId, userId)}@${domain}`;

export function replyMacValid(secret: string, taskId: string, userId: string, mac: string): boolean {
  const expected = Buffer.from(replyMac(secret, taskId, userId));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
