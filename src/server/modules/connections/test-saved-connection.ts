import { and, eq } from "drizzle-orm";
import type { ConnectionResponse, KeyTestResult } from "@/shared/connections";
import { connections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { openAuth } from "./connection-auth";
import type { ConnCtx } from "./connection-ctx";
import { toConnection, UNREADABLE_MESSAGE } from "./connection-row";
import { testConnection } from "./key-test";
import { findConnectionRow } from "./list-connections";
import { testColumns } from "./test-columns";
import { recordConnectionChange } from "./record-connection-change";

/** Tests what is saved and records the result; a key provider's status follows the answer. */
export async function testSavedConnection(ctx: ConnCtx, connectionId: string): Promise<ConnectionResponse> {
  const { db, scope, box } = ctx;
  const current = await findConnectionRow(ctx, connectionId);
  if (!current) throw new AppError("not_found", "Connection not found");
  const auth = openAuth(box, { orgId: scope.orgId, connectionId }, current.authJson ?? null);
  const test: KeyTestResult = auth.unreadable ? { outcome: "invalid", message: UNREADABLE_MESSAGE } : await testConnection(ctx.keyTests, current.provider, auth.apiKey);
  const keyAnswered = (auth.apiKey !== null || auth.unreadable) && (test.outcome === "valid" || test.outcome === "invalid");

  const row = await db.transaction(async (tx) => {
    // A result for a key that was replaced or removed while it was tested says nothing of the
    // key saved now: it is dropped rather than written over the newer key's state.
    const locked = await findConnectionRow({ db: tx, scope }, connectionId, "lock");
    if (!locked) throw new AppError("not_found", "Connection not found");
    if ((locked.authJson?.apiKey ?? null) !== (current.authJson?.apiKey ?? null)) {
      throw new AppError("conflict", "The key was changed while it was being tested. Test it again.");
    }
    const [updated] = await tx
      .update(connections)
      .set({ ...testColumns(test), ...(keyAnswered ? { status: test.outcome === "valid" ? "connected" : "error" } : {}), updatedAt: new Date() })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
      .returning();
    if (!updated) throw new AppError("not_found", "Connection not found");
    await recordConnectionChange(tx, scope, {
      connectionId,
      action: "connection.test",
      details: { provider: updated.provider, status: updated.status, test_outcome: test.outcome },
    });
    return updated;
  });
  return { connection: toConnection(row, box), test };
}
