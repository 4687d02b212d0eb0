import type { Db } from "../../db/client";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import type { OrgScope } from "../organisations/require-membership";

export type AgentAction = `agent.${"create" | "update" | "enable" | "disable" | "test" | "delete"}`;

/**
 * Every agent write leaves an audit row and tells the organisation's open tabs, inside its
 * transaction; details never hold a secret.
 */
export async function recordAgentChange(tx: Pick<Db, "insert" | "execute">, scope: OrgScope, agentId: string, action: AgentAction, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action, targetType: "agent", targetId: agentId, details });
  const change = action === "agent.create" ? "created" : action === "agent.delete" ? "deleted" : "updated";
  await publishChange(tx, scope.orgId, { entity: "agent", id: agentId, action: change });
}
