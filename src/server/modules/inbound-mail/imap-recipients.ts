import type { MessageEnvelopeObject } from "imapflow";
import { parseRecipient, type InboundTarget } from "./inbound-address";

const MAX_TARGETS = 5;

/** Where providers write the address a mail was delivered to (Postfix, Dovecot, Exim; Gmail's forwarding). */
export const DELIVERY_HEADERS = ["delivered-to", "x-original-to", "envelope-to", "x-forwarded-to"];

/**
 * The project or reply addresses a mail in a catch-all mailbox was for: the delivery headers the
 * provider adds (DELIVERY_HEADERS) and the To and Cc of the envelope, ours only, at most five (as
 * SMTP takes at most five recipients).
 */
export function targetsOf(envelope: MessageEnvelopeObject | undefined, headers: Buffer | undefined, domain: string): InboundTarget[] {
  const addresses: string[] = [];
  for (const line of (headers?.toString("utf8") ?? "").replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const [, name, value] = /^([\w-]+):\s*(.+)$/.exec(line) ?? [];
    if (name && value && DELIVERY_HEADERS.includes(name.toLowerCase())) addresses.push(...value.split(",").map((a) => a.trim().replace(/^.*<([^>]*)>.*$/, "$1")));
  }
  for (const a of [...(envelope?.to ?? []), ...(envelope?.cc ?? [])]) if (a.address) addresses.push(a.address);
  const seen = new Set<string>();
  const targets: InboundTarget[] = [];
  for (const address of addresses) {
    const target = parseRecipient(address.trim(), domain);
    if (!target) continue;
    const key = target.kind === "project" ? `p:${target.token}` : `r:${target.taskId}:${target.mac}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push(target);
    if (targets.length >= MAX_TARGETS) break;
  }
  return targets;
}
