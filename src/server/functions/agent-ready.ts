import type { Context } from "hono";
import { z } from "zod";
import { DEFAULT_WEBHOOK_PATH, webhookPath } from "@/shared/agents";
import { starterWorkflow } from "@/shared/n8n/starter-workflow";
import type { AppEnv } from "../context";
import { parseWith } from "../lib/parse";
import { n8nConfigOf } from "../modules/agents/agent-ctx";
import { agentReadiness } from "../modules/agents/agent-readiness";

/** The spec's agent-ready: whether n8n is configured, as yes or no; it never shows a value. */
export function agentReady(c: Context<AppEnv>) {
  const { env, clock } = c.get("services");
  return c.json(agentReadiness(n8nConfigOf(env), clock.now()));
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
