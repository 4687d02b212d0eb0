import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { Env } from "../../env";
import { ctxOf, type Ctx } from "../organisations/org-scope";

/** Where the agent's n8n lives: the operator's configuration, read once per request. */
export type N8nConfig = { n8nBase: string | undefined; secretHex: string | undefined; timeoutMs: number; appUrl: string };

/** The org scope plus the n8n configuration the test and the Quickstart need. */
export type AgentCtx = Ctx & { n8n: N8nConfig };

export function n8nConfigOf(env: Pick<Env, "N8N_BASE" | "N8N_AGENT_SECRET" | "OUTBOUND_TIMEOUT_MS" | "APP_URL">): N8nConfig {
  return { n8nBase: env.N8N_BASE, secretHex: env.N8N_AGENT_SECRET, timeoutMs: env.OUTBOUND_TIMEOUT_MS, appUrl: env.APP_URL };
}

export function agentCtxOf(c: Context<AppEnv>): AgentCtx {
  return { ...ctxOf(c), n8n: n8nConfigOf(c.get("services").env) };
}
