import type { Context } from "hono";
import type { AppEnv } from "../../context";
import type { SecretBox } from "../../lib/secret-box";
import { ctxOf, type Ctx } from "../organisations/org-scope";

/** The org scope plus what n8n's API needs: the operator's N8N_BASE, the time cap, and the box that opens the stored key. */
export type WorkflowCtx = Ctx & { box: SecretBox; n8nBase: string | undefined; timeoutMs: number };

export function workflowCtxOf(c: Context<AppEnv>): WorkflowCtx {
  const { env, secrets } = c.get("services");
  return { ...ctxOf(c), box: secrets, n8nBase: env.N8N_BASE, timeoutMs: env.OUTBOUND_TIMEOUT_MS };
}
