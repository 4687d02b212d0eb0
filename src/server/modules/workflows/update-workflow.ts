import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { updateWorkflowInput, Workflow } from "@/shared/workflows";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { keptLease } from "./deploy-lease";
import { ensureValidWorkflow } from "./ensure-valid-workflow";
import { recordWorkflowChange } from "./record-workflow-change";
import { configOf, deploymentOf, findWorkflowRow, toWorkflow, workflowNotFound } from "./workflow-row";

export const staleWorkflow = () => new AppError("conflict", "This workflow was saved by someone else meanwhile. Reload to see their changes, then edit again.");

/**
 * Replaces the draft, only onto the version the editor read. The row is locked while it is read
 * and written, so of two saves from one version exactly one lands, and the deployment a deploy
 * recorded meanwhile is kept as the locked row has it.
 */
export async function updateWorkflow({ db, scope }: Ctx, id: string, input: z.infer<typeof updateWorkflowInput>): Promise<Workflow> {
  const { version, ...draft } = input;
  ensureValidWorkflow(draft);
  const row = await db.transaction(async (tx) => {
    const locked = await findWorkflowRow(tx, scope, id, "lock");
    if (!locked) throw workflowNotFound();
    if (locked.version !== version) throw staleWorkflow();
    const [updated] = await tx
      .update(automations)
      .set({ name: draft.name, configJson: { ...configOf(draft, deploymentOf(locked)), ...keptLease(locked) }, version: locked.version + 1, updatedAt: new Date() })
      .where(and(eq(automations.id, id), eq(automations.orgId, scope.orgId)))
      .returning();
    await recordWorkflowChange(tx, scope, id, "workflow.update", { name: draft.name, nodes: draft.nodes.length, version: updated!.version });
    return updated!;
  });
  return toWorkflow(row);
}
