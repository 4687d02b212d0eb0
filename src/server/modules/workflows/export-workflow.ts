import { toN8n, type N8nExport } from "@/shared/n8n";
import type { Ctx } from "../organisations/org-scope";
import { draftOf, requireWorkflowRow } from "./workflow-row";

/** The saved workflow as n8n's JSON: the file the builder's Export downloads, for API users too. */
export async function exportWorkflow({ db, scope }: Ctx, id: string): Promise<N8nExport> {
  return toN8n(draftOf(await requireWorkflowRow(db, scope, id)));
}
