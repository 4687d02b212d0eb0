import { randomUUID } from "node:crypto";
import { postToN8nWebhook, webhookUrl } from "../jobs/n8n-webhook";
import type { N8nConfig } from "./agent-ctx";

export type PingOutcome = { ok: true; message: string } | { ok: false; error: string };

/** What n8n receives: the agent protocol's job shape with kind 'ping'. */
const pingPayload = (id: string, ping: { orgId: string; agentId: string; now: Date }) => ({ kind: "ping", job_id: id, org_id: ping.orgId, agent_id: ping.agentId, message: "ping", timestamp: ping.now.toISOString() });

/**
 * One signed ping (kind 'ping') to the agent's webhook. Each failure says what to fix: the
 * server's configuration, the network, or the workflow in n8n.
 */
export async function pingAgent(n8n: N8nConfig, ping: { orgId: string; agentId: string; webhookPath: string; now: Date }): Promise<PingOutcome> {
  if (!n8n.n8nBase) return { ok: false, error: "N8N_BASE is not configured on the server" };
  if (!n8n.secretHex) return { ok: false, error: "N8N_AGENT_SECRET is not set on the server" };
  const id = randomUUID();
  const payload = pingPayload(id, ping);
  const answer = await postToN8nWebhook({ n8nBase: n8n.n8nBase, secretHex: n8n.secretHex, webhookPath: ping.webhookPath, id, payload, now: ping.now, timeoutMs: n8n.timeoutMs });
  if (!answer.ok) return { ok: false, error: answer.error === "n8n could not be reached" ? `n8n is unreachable at ${n8n.n8nBase}` : answer.error };
  const url = webhookUrl(n8n.n8nBase, ping.webhookPath);
  if (answer.status >= 200 && answer.status < 300) return { ok: true, message: `n8n answered ${answer.status} at ${url}` };
  if (answer.status === 404) return { ok: false, error: `n8n answered 404 for ${url}: is the workflow imported and active?` };
  if (answer.status === 401 || answer.status === 403) return { ok: false, error: `n8n refused the signature (${answer.status}): check N8N_AGENT_SECRET in the workflow` };
  return { ok: false, error: `n8n answered ${answer.status} at ${url}` };
}
