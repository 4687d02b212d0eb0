import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ConnectionResponse, KeyTestResult, updateConnectionInput } from "@/shared/connections";
import { connections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { sealAuth } from "./connection-auth";
import type { ConnCtx } from "./connection-ctx";
import { toConnection } from "./connection-row";
import { testConnection } from "./key-test";
import { findConnectionRow } from "./list-connections";
import { clearedTestColumns, statusAfterKeyTest, testColumns } from "./test-columns";
import { recordConnectionChange } from "./record-connection-change";

/** A new key is tested again; disconnecting removes every credential, as the spec has it. */
export async function updateConnection(ctx: ConnCtx, connectionId: string, input: z.infer<typeof updateConnectionInput>): Promise<ConnectionResponse> {
  const { db, scope, box } = ctx;
  if (input.api_key && input.status === "disconnected") {
    throw new AppError("bad_request", "A disconnected connection holds no key", { api_key: "Leave the key empty or connect" });
  }
  const current = await findConnectionRow(ctx, connectionId);
  if (!current) throw new AppError("not_found", "Connection not found");
  const test: KeyTestResult | null = input.api_key ? await testConnection(ctx.keyTests, current.provider, input.api_key) : null;

  const owner = { orgId: scope.orgId, connectionId };
  const changes = sealAuth(box, owner, { apiKey: input.api_key, endpoint: input.endpoint, description: input.description });
  const disconnect = input.status === "disconnected";

  // The key test above may take seconds; the change is merged onto the row as it is now, locked,
  // so an edit of another field or a disconnect made meanwhile is kept, not undone.
  const row = await db.transaction(async (tx) => {
    const locked = await findConnectionRow({ db: tx, scope }, connectionId, "lock");
    if (!locked) throw new AppError("not_found", "Connection not found");
    if (test && locked.status === "disconnected" && current.status !== "disconnected") {
      throw new AppError("conflict", "This connection was disconnected while the new key was being tested. Connect it again to save a key.");
    }
    const set = disconnect
      ? { status: "disconnected", authJson: null, ...clearedTestColumns }
      : {
          ...(Object.keys(changes).length > 0 ? { authJson: { ...locked.authJson, ...changes } } : {}),
          ...(test ? { status: statusAfterKeyTest(test), ...testColumns(test) } : input.status ? { status: input.status } : {}),
        };
    const [updated] = await tx
      .update(connections)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
      .returning();
    if (!updated) throw new AppError("not_found", "Connection not found");
    await recordConnectionChange(tx, scope, {
      connectionId,
      action: disconnect ? "connection.disconnect" : "connection.update",
      details: {
        provider: updated.provider,
        status: updated.status,
        changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
        test_outcome: test?.outcome ?? null,
      },
    });
    return updated;
  });
  return { connection: toConnection(row, box), test };
}
