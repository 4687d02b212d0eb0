import { randomUUID } from "node:crypto";
import { HQ_WEBHOOK_PATH, type HqMessageInput, type HqMessageResponse, type HqSwitchboardBody } from "@/shared/hq";
import type { Logger } from "../../lib/logger";
import { postToN8nWebhook } from "../jobs/n8n-webhook";
import { switchboardHosts, switchboardTimeoutMs } from "./switchboard-hosts";

export type SwitchboardCtx = {
  user: { id: string; email: string };
  hostsSetting: string | undefined;
  secretHex: string | undefined;
  outboundTimeoutMs: number;
  now: () => Date;
  logger: Logger;
};

/** The longest reply passed on to the page. */
const MAX_REPLY_CHARS = 20_000;
const hostName = (index: number) => (index === 0 ? "primary" : `fallback ${index}`);

/**
 * Sends one line to the switchboard: the body is built from the session (never from the client),
 * each host is tried in order, and the first 2xx answers. Failures name the host by its place in
 * the list, never by its address, and come back as { ok: false } rather than throwing.
 */
export async function sendSwitchboardMessage(ctx: SwitchboardCtx, input: HqMessageInput): Promise<HqMessageResponse> {
  const hosts = switchboardHosts(ctx.hostsSetting);
  if (hosts.length === 0) return { ok: false, error: "The switchboard is not configured" };
  const body: HqSwitchboardBody = { message: input.message, userId: ctx.user.id, userEmail: ctx.user.email, timestamp: ctx.now().toISOString(), sessionId: input.sessionId };
  const timeoutMs = switchboardTimeoutMs(ctx.outboundTimeoutMs);
  const failures: string[] = [];
  for (const [index, base] of hosts.entries()) {
    // Signed when N8N_AGENT_SECRET is set, plain otherwise, with the same caps as a job.
    const answer = await postToN8nWebhook({ n8nBase: base, secretHex: ctx.secretHex, webhookPath: HQ_WEBHOOK_PATH, id: randomUUID(), payload: body, now: ctx.now(), timeoutMs });
    if (answer.ok && answer.status >= 200 && answer.status < 300) {
      if (index > 0) ctx.logger.warn("hq switchboard answered by a fallback", { host_index: index, failures });
      return { ok: true, reply: replyOf(answer.json, answer.text), host_index: index };
    }
    failures.push(`${hostName(index)}: ${answer.ok ? `answered ${answer.status}` : answer.error}`);
  }
  ctx.logger.warn("hq switchboard unreachable", { failures });
  const error = hosts.length === 1 ? `The switchboard did not answer (the one host tried: ${failures.join("; ")})` : `The switchboard did not answer (all ${hosts.length} hosts tried: ${failures.join("; ")})`;
  return { ok: false, error };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** n8n answers `response` or `message` (spec, section 7), as an object, a one-item list, or plain text. */
export function replyOf(json: unknown, text: string): string | null {
  const item: unknown = Array.isArray(json) ? json[0] : json;
  const pick = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    if (!isRecord(v)) return null;
    for (const key of ["response", "message", "content", "text"]) if (typeof v[key] === "string") return v[key];
    return null;
  };
  const found = isRecord(item) ? (pick(item.response) ?? pick(item.message)) : typeof item === "string" ? item : json === null ? text.trim() || null : null;
  return found === null ? null : found.slice(0, MAX_REPLY_CHARS);
}
