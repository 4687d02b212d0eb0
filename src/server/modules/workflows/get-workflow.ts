import type { Workflow } from "@/shared/workflows";
import type { Ctx } from "../organisations/org-scope";
import { requireWorkflowRow, toWorkflow } from "./workflow-row";

export async function getWorkflow({ db, scope }: Ctx, id: string): Promise<Workflow> {
  return toWorkflow(await requireWorkflowRow(db, scope, id));
}
