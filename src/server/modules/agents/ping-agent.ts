import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { agentPings } from "../../db/schema";
import { agentCallbacks } from "../jobs/dispatch-worker";
import { readAcceptance } from "../jobs/n8n-acceptance";
import { postToN8nWebhook } from "../jobs/n8n-webhook";
import type { N8nConfig } from "./agent-ctx";

export type PingOutcome = { ok: true; message: string } | { ok: false; error: string };

/** What n8n receives: the agent protocol's job shape with kind 'ping' (its claim answers the Test). */
const pingPayload = (id: string, ping: { orgId: string; agentId: string; now: Date }, appUrl: string) => ({ kind: "ping", job_id: id, org_id: ping.orgId, agent_id: ping.agentId, message: "ping", timestamp: ping.now.toISOString(), ...agentCallbacks(appUrl) });

/** How long a Test waits for n8n's workflow to call back after it took the ping. */
const ROUND_TRIP_WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * One signed ping (kind 'ping') to the agent's webhook, passed only when the whole round trip
 * works: n8n verifies our signature and takes it, then its workflow claims it back at agent-claim,
 * signed (modules/jobs/claim-job.ts answers the ping, so it leaves no failed execution in n8n).
 * Each failure says what to fix: the server's configuration, the workflow, or the way back.
 */
export async function pingAgent(db: Db, n8n: N8nConfig, ping: { orgId: string; agentId: string; webhookPath: string; now: Date }): Promise<PingOutcome> {
  if (!n8n.n8nBase) return { ok: false, error: "N8N_BASE is not configured on the server" };
  if (!n8n.secretHex) return { ok: false, error: "N8N_AGENT_SECRET is not set on the server" };
  const id = randomUUID();
  await db.insert(agentPings).values({ id, orgId: ping.orgId, agentId: ping.agentId, createdAt: ping.now });
  try {
    const payload = pingPayload(id, ping, n8n.appUrl);
    const started = performance.now();
    const answer = await postToN8nWebhook({ n8nBase: n8n.n8nBase, secretHex: n8n.secretHex, webhookPath: ping.webhookPath, id, payload, now: ping.now, timeoutMs: n8n.timeoutMs });
    const acceptance = readAcceptance(answer, id);
    if (!acceptance.accepted) return { ok: false, error: acceptance.reason };
    const deadline = started + Math.min(ROUND_TRIP_WAIT_MS, n8n.timeoutMs);
    while (performance.now() < deadline) {
      const [row] = await db.select({ answeredAt: agentPings.answeredAt }).from(agentPings).where(eq(agentPings.id, id));
      if (row?.answeredAt) return { ok: true, message: `n8n verified the signature and called back in ${Math.round(performance.now() - started)} ms` };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return { ok: false, error: `n8n took the ping but did not call back within ${Math.round((deadline - started) / 1000)} s: check that n8n reaches this server at ${n8n.appUrl}` };
  } finally {
    await db.delete(agentPings).where(eq(agentPings.id, id));
  }
}
