import { and, eq } from "drizzle-orm";
import { connections } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { ConnCtx } from "./connection-ctx";

export async function deleteConnection({ db, scope }: ConnCtx, connectionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(connections)
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
      .returning({ provider: connections.provider, status: connections.status });
    if (!row) throw new AppError("not_found", "Connection not found");
    await recordAudit(tx, {
      orgId: scope.orgId,
      actorUserId: scope.userId,
      action: "connection.delete",
      targetType: "connection",
      targetId: connectionId,
      details: { provider: row.provider, status: row.status },
    });
    await publishChange(tx, scope.orgId, { entity: "connection", id: connectionId, action: "deleted" });
  });
}
