import { and, eq } from "drizzle-orm";
import { connections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { ConnCtx } from "./connection-ctx";
import { recordConnectionChange } from "./record-connection-change";

export async function deleteConnection({ db, scope }: ConnCtx, connectionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(connections)
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
      .returning({ provider: connections.provider, status: connections.status });
    if (!row) throw new AppError("not_found", "Connection not found");
    await recordConnectionChange(tx, scope, { connectionId, action: "connection.delete", details: { provider: row.provider, status: row.status } });
  });
}
