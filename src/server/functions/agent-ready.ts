import type { Context } from "hono";
import { z } from "zod";
import { DEFAULT_WEBHOOK_PATH, webhookPath } from "@/shared/agents";
import { starterWorkflow } from "@/shared/n8n/starter-workflow";
import type { AppEnv } from "../context";
import { parseWith } from "../lib/parse";
import { n8nConfigOf } from "../modules/agents/agent-ctx";
import { agentReadiness } from "../modules/agents/agent-readiness";
import { isN8nHealthy } from "../modules/agents/n8n-health";

/** A check of n8n's health for /status: short, since the page asks every 30 seconds. */
export const N8N_REACH_TIMEOUT_MS = 3_000;

/**
 * The spec's agent-ready: whether n8n is configured, as yes or no; it never shows a value. With
 * n8n configured it also asks n8n's health, so "configured" is never said of an n8n that does not answer.
 */
export async function agentReady(c: Context<AppEnv>) {
  const { env, clock } = c.get("services");
  const n8n = n8nConfigOf(env);
  const readiness = agentReadiness(n8n, clock.now());
  if (!n8n.n8nBase) return c.json({ ...readiness, n8n_reachable: null, n8n_latency_ms: null });
  const started = performance.now();
  const reach = await isN8nHealthy(n8n.n8nBase, Math.min(N8N_REACH_TIMEOUT_MS, n8n.timeoutMs));
  const latency = Math.round(performance.now() - started);
  return c.json({ ...readiness, n8n_reachable: reach.ok, n8n_latency_ms: reach.ok ? latency : null });
}

// The same rule as an agent's own webhook_path.
export const starterQuery = z.object({ webhook_path: webhookPath.optional() });

/** The starter n8n workflow for a webhook path, as a download; it holds no secret. */
export function starterWorkflowDownload(c: Context<AppEnv>) {
  const { webhook_path } = parseWith(starterQuery, c.req.query());
  const workflow = starterWorkflow(c.get("services").env.APP_URL, webhook_path ?? DEFAULT_WEBHOOK_PATH);
  c.header("Content-Disposition", 'attachment; filename="we-love-hq-agent-workflow.json"');
  return c.json(workflow);
}
