import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Agent, updateAgentInput } from "@/shared/agents";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { findAgentRow, toAgent } from "./agent-row";
import { ensureProjectOfOrg } from "./ensure-project-of-org";
import { recordAgentChange } from "./record-agent-change";

export const staleAgent = () => new AppError("conflict", "This agent was changed by someone else meanwhile. Reload to see their changes, then edit again.");

/**
 * Saves the fields given, only onto the version the editor read: the version check and the bump
 * happen in the one UPDATE, so of two edits from the same version exactly one lands.
 */
export async function updateAgent({ db, scope }: Ctx, input: z.infer<typeof updateAgentInput>): Promise<Agent> {
  const { version, name, ...config } = input;
  await ensureProjectOfOrg(db, scope.orgId, config.project_default);
  const patch = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(automations)
      .set({
        ...(name !== undefined ? { name } : {}),
        configJson: sql`${automations.configJson} || ${JSON.stringify(patch)}::jsonb`,
        version: sql`${automations.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, "agent"), eq(automations.version, version)))
      .returning();
    if (!updated) throw (await findAgentRow(tx, scope)) ? staleAgent() : new AppError("not_found", "This organisation has no agent yet");
    await recordAgentChange(tx, scope, updated.id, "agent.update", { changed: [...(name !== undefined ? ["name"] : []), ...Object.keys(patch)] });
    return updated;
  });
  return toAgent(row);
}
