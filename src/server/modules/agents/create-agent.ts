import type { z } from "zod";
import { DEFAULT_AGENT_TAGS, type Agent, type createAgentInput } from "@/shared/agents";
import { automations } from "../../db/schema";
import { sqlStateOf } from "../../lib/database-errors";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { findAgentRow, toAgent } from "./agent-row";
import { ensureProjectOfOrg } from "./ensure-project-of-org";
import { recordAgentChange } from "./record-agent-change";

const alreadyHasAgent = () => new AppError("conflict", "This organisation already has an agent; edit that one instead");

/** Creates the organisation's one agent, enabled. Two racing creates meet the partial unique index: one wins, one gets 409. */
export async function createAgent({ db, scope }: Ctx, input: z.infer<typeof createAgentInput>): Promise<Agent> {
  if (await findAgentRow(db, scope)) throw alreadyHasAgent();
  await ensureProjectOfOrg(db, scope.orgId, input.project_default);
  const configJson = {
    provider: "n8n",
    webhook_path: input.webhook_path,
    instructions: input.instructions,
    project_default: input.project_default,
    tags: input.tags ?? [...DEFAULT_AGENT_TAGS],
    description: input.description,
  };
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(automations).values({ orgId: scope.orgId, name: input.name, trigger: "agent", status: "enabled", configJson }).returning();
      await recordAgentChange(tx, scope, inserted!.id, "agent.create", { name: input.name, webhook_path: input.webhook_path });
      return inserted!;
    });
    return toAgent(row);
  } catch (error) {
    if (sqlStateOf(error) === "23505") throw alreadyHasAgent();
    throw error;
  }
}
