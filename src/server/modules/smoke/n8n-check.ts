import { isN8nHealthy } from "../agents/n8n-health";
import { SmokeFailure, type SmokeCtx, type SmokeOutcome } from "./smoke-context";

/** n8n's /healthz at the operator's N8N_BASE; without one there is nothing to check, which the row says. */
export async function checkN8n({ services }: SmokeCtx): Promise<SmokeOutcome> {
  const { N8N_BASE, KEY_TEST_TIMEOUT_MS } = services.env;
  if (!N8N_BASE) return { status: "skipped", message: "skipped: n8n not configured" };
  const result = await isN8nHealthy(N8N_BASE, KEY_TEST_TIMEOUT_MS);
  if (!result.ok) throw new SmokeFailure(result.detail);
  return { status: "pass", message: result.detail };
}
