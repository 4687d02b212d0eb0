import type { Db } from "../../db/client";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import type { OrgScope } from "../organisations/require-membership";

export type WorkflowAction = `workflow.${"create" | "update" | "delete" | "deploy"}`;

/**
 * Every workflow write leaves an audit row and tells the organisation's open tabs, inside its
 * transaction; details never hold a secret.
 */
export async function recordWorkflowChange(tx: Pick<Db, "insert" | "execute">, scope: OrgScope, workflowId: string, action: WorkflowAction, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action, targetType: "workflow", targetId: workflowId, details });
  const change = action === "workflow.create" ? "created" : action === "workflow.delete" ? "deleted" : "updated";
  await publishChange(tx, scope.orgId, { entity: "workflow", id: workflowId, action: change });
}
