import { and, eq, sql } from "drizzle-orm";
import type { AgentLastTest, AgentTestResult } from "@/shared/agents";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { AgentCtx } from "./agent-ctx";
import { toAgent } from "./agent-row";
import { requireAgent } from "./get-agent";
import { pingAgent } from "./ping-agent";
import { recordAgentChange } from "./record-agent-change";

/**
 * Pings the agent's webhook and keeps the outcome in config_json (last_test, and last_success_at
 * once the signed round trip completed), which the Quickstart and the dashboard read. The result is merged without bumping
 * the version: a test is not an edit, so an Edit dialog open meanwhile still saves.
 */
export async function testAgent(ctx: AgentCtx): Promise<AgentTestResult> {
  const { db, scope, now } = ctx;
  const agent = await requireAgent(ctx);
  if (agent.status !== "enabled") throw new AppError("conflict", "Enable the agent before testing it");
  const startedAt = now();
  // n8n is asked before the transaction opens: a 30 s wait must not hold one.
  const outcome = await pingAgent(db, ctx.n8n, { orgId: scope.orgId, agentId: agent.id, webhookPath: agent.webhook_path, now: startedAt });
  const lastTest: AgentLastTest = { ok: outcome.ok, at: now().toISOString(), message: outcome.ok ? outcome.message : outcome.error };
  const patch = { last_test: lastTest, ...(outcome.ok ? { last_success_at: lastTest.at } : {}) };
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(automations)
      .set({ configJson: sql`${automations.configJson} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(automations.id, agent.id), eq(automations.orgId, scope.orgId)))
      .returning();
    if (!updated) throw new AppError("not_found", "The agent was deleted while it was tested");
    await recordAgentChange(tx, scope, agent.id, "agent.test", { ok: outcome.ok, message: lastTest.message });
    return updated;
  });
  return outcome.ok ? { ok: true, message: outcome.message, agent: toAgent(row) } : { ok: false, error: outcome.error, agent: toAgent(row) };
}
