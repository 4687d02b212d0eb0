import type { Workflow, WorkflowDraft } from "@/shared/workflows";
import { automations } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { ensureValidWorkflow } from "./ensure-valid-workflow";
import { recordWorkflowChange } from "./record-workflow-change";
import { configOf, toWorkflow, WORKFLOW_TRIGGER } from "./workflow-row";

export async function createWorkflow({ db, scope }: Ctx, draft: WorkflowDraft): Promise<Workflow> {
  ensureValidWorkflow(draft);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(automations)
      .values({ orgId: scope.orgId, name: draft.name, trigger: WORKFLOW_TRIGGER, status: "enabled", configJson: configOf(draft, null) })
      .returning();
    await recordWorkflowChange(tx, scope, inserted!.id, "workflow.create", { name: draft.name, nodes: draft.nodes.length });
    return inserted!;
  });
  return toWorkflow(row);
}
