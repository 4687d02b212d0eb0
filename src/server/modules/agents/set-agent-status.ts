import { and, eq, sql } from "drizzle-orm";
import type { Agent } from "@/shared/agents";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { toAgent } from "./agent-row";
import { recordAgentChange } from "./record-agent-change";

/** Enables or disables the agent; saying what it already is changes nothing and succeeds. */
export async function setAgentStatus({ db, scope }: Ctx, enabled: boolean): Promise<Agent> {
  const status = enabled ? "enabled" : "disabled";
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(automations)
      .set({ status, version: sql`${automations.version} + 1`, updatedAt: new Date() })
      .where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, "agent")))
      .returning();
    if (!updated) throw new AppError("not_found", "This organisation has no agent yet");
    await recordAgentChange(tx, scope, updated.id, enabled ? "agent.enable" : "agent.disable", {});
    return updated;
  });
  return toAgent(row);
}
