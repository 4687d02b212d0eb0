import type { Db } from "../../db/client";
import { recordAudit } from "../../lib/audit";
import { publishChange } from "../../lib/events";
import type { OrgScope } from "../organisations/require-membership";

type ConnectionChange = {
  connectionId: string;
  /** connection.create, .update, .disconnect, .delete or .test */
  action: `connection.${"create" | "update" | "disconnect" | "delete" | "test"}`;
  /** For people reading the audit log; never a secret, not even sealed. */
  details: Record<string, unknown>;
};

/** Every connection write leaves an audit row and tells the organisation's open tabs, inside its transaction. */
export async function recordConnectionChange(tx: Pick<Db, "insert" | "execute">, scope: OrgScope, change: ConnectionChange): Promise<void> {
  await recordAudit(tx, {
    orgId: scope.orgId,
    actorUserId: scope.userId,
    action: change.action,
    targetType: "connection",
    targetId: change.connectionId,
    details: change.details,
  });
  const action = change.action === "connection.create" ? "created" : change.action === "connection.delete" ? "deleted" : "updated";
  await publishChange(tx, scope.orgId, { entity: "connection", id: change.connectionId, action });
}
