import type { Db } from "../../db/client";
import { recordAudit } from "../../lib/audit";
import type { OrgScope } from "../organisations/require-membership";

export type WorkflowAction = `workflow.${"create" | "update" | "delete" | "deploy"}`;

/**
 * Every workflow write leaves an audit row inside its transaction; details never hold a secret.
 * No live change is published: the shared change contract has no "workflow" entity yet.
 */
export async function recordWorkflowChange(tx: Pick<Db, "insert">, scope: OrgScope, workflowId: string, action: WorkflowAction, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action, targetType: "workflow", targetId: workflowId, details });
}
