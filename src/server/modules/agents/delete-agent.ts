import { and, eq } from "drizzle-orm";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { recordAgentChange } from "./record-agent-change";

/** Its jobs stay (agent_id set null): the history of what was sent is kept. */
export async function deleteAgent({ db, scope }: Ctx): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(automations)
      .where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, "agent")))
      .returning({ id: automations.id, name: automations.name });
    if (!row) throw new AppError("not_found", "This organisation has no agent yet");
    await recordAgentChange(tx, scope, row.id, "agent.delete", { name: row.name });
  });
}
