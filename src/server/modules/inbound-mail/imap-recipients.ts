import type { MessageEnvelopeObject } from "imapflow";
import { parseRecipient, type InboundTarget } from "./inbound-address";

const MAX_TARGETS = 5;

/**
 * The project or reply addresses a mail in a catch-all mailbox was for: the delivery headers the
 * provider adds (Delivered-To, X-Original-To) and the To and Cc of the envelope, ours only, at most
 * five (as SMTP takes at most five recipients).
 */
export function targetsOf(envelope: MessageEnvelopeObject | undefined, headers: Buffer | undefined, domain: string): InboundTarget[] {
  const addresses: string[] = [];
  for (const line of (headers?.toString("utf8") ?? "").replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const value = /^(?:delivered-to|x-original-to):\s*(.+)$/i.exec(line)?.[1];
    if (value) addresses.push(...value.split(",").map((a) => a.trim().replace(/^.*<([^>]*)>.*$/, "$1")));
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
