import { and, eq } from "drizzle-orm";
import { connections } from "../../db/schema";
import { openAuth } from "../connections/connection-auth";
import { N8N_KEY_REFUSED } from "../connections/key-test";
import type { WorkflowCtx } from "./workflow-ctx";

/** Where the organisation's n8n API is and its key, or in words why it cannot be called. */
export type N8nAccess = { ok: true; base: string; apiKey: string; timeoutMs: number } | { ok: false; message: string; missing: "n8n_base" | "api_key" };

const NO_KEY = "Add your n8n API key to deploy workflows (n8n: Settings, n8n API)";

/** The key is the organisation's n8n connection's api_key, sealed in auth_json like every other key. */
export async function n8nAccessOf({ db, scope, box, n8nBase, timeoutMs }: WorkflowCtx): Promise<N8nAccess> {
  if (!n8nBase) return { ok: false, missing: "n8n_base", message: "N8N_BASE is not configured on the server" };
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.orgId, scope.orgId), eq(connections.provider, "n8n")))
    .limit(1);
  if (!row) return { ok: false, missing: "api_key", message: NO_KEY };
  const auth = openAuth(box, { orgId: scope.orgId, connectionId: row.id }, row.authJson ?? null);
  if (auth.unreadable) return { ok: false, missing: "api_key", message: "The saved n8n API key could not be decrypted here; enter it again" };
  if (!auth.apiKey) return { ok: false, missing: "api_key", message: NO_KEY };
  // n8n refused this key (401/403, not a flaky 5xx) when it was saved or last tested: ask for
  // another rather than offer a deploy bound to fail.
  if (row.testOutcome === "invalid" && row.testMessage?.startsWith(N8N_KEY_REFUSED)) return { ok: false, missing: "api_key", message: row.testMessage ?? N8N_KEY_REFUSED };
  return { ok: true, base: n8nBase, apiKey: auth.apiKey, timeoutMs };
}
