import { and, eq } from "drizzle-orm";
import { automations } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { recordWorkflowChange } from "./record-workflow-change";
import { WORKFLOW_TRIGGER, workflowNotFound } from "./workflow-row";

/** Removes the saved workflow; a copy deployed to n8n stays there (n8n's own list shows it). */
export async function deleteWorkflow({ db, scope }: Ctx, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(automations)
      .where(and(eq(automations.id, id), eq(automations.orgId, scope.orgId), eq(automations.trigger, WORKFLOW_TRIGGER)))
      .returning({ id: automations.id, name: automations.name, config: automations.configJson });
    if (!row) throw workflowNotFound();
    const deployment = row.config.deployment as { n8nWorkflowId?: unknown } | undefined;
    await recordWorkflowChange(tx, scope, row.id, "workflow.delete", { name: row.name, n8n_workflow_id: deployment?.n8nWorkflowId ?? null });
  });
}
