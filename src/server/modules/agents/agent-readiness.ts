import type { AgentReadyResponse } from "@/shared/jobs";
import type { N8nConfig } from "./agent-ctx";

/** What the agent-ready function answers, and the Quickstart reads: whether n8n is configured, never a value. */
export function agentReadiness(n8n: Pick<N8nConfig, "n8nBase" | "secretHex">, now: Date): AgentReadyResponse {
  const n8nBaseSet = Boolean(n8n.n8nBase);
  const hmacSet = Boolean(n8n.secretHex);
  return { ok: n8nBaseSet && hmacSet, n8n_base_set: n8nBaseSet, hmac_set: hmacSet, timestamp: now.toISOString() };
}
