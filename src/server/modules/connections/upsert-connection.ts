import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Connection, connUpsertInput } from "@/shared/connections";
import { connections } from "../../db/schema";
import { sealAuth } from "./connection-auth";
import type { ConnCtx } from "./connection-ctx";
import { toConnection } from "./connection-row";
import { clearedTestColumns } from "./test-columns";
import { recordConnectionChange } from "./record-connection-change";

type Input = Omit<z.infer<typeof connUpsertInput>, "org_id">;

/** The spec's conn-upsert: one row per (organisation, provider), stored as given, not tested. */
export async function upsertConnection({ db, scope, box }: Pick<ConnCtx, "db" | "scope" | "box">, input: Input): Promise<Connection> {
  // Disconnected means no credentials, whatever the caller sent along.
  const auth = input.status === "disconnected" ? null : input.auth_json;
  const seal = (connectionId: string) =>
    auth ? sealAuth(box, { orgId: scope.orgId, connectionId }, { apiKey: auth.apiKey ?? null, endpoint: auth.endpoint, description: auth.description }) : null;

  return db.transaction(async (tx) => {
    const id = randomUUID();
    // The ciphertext is bound to the row id, so a losing insert must seal again for the row that won.
    const [inserted] = await tx
      .insert(connections)
      .values({ id, orgId: scope.orgId, provider: input.provider, status: input.status, authJson: seal(id), ...clearedTestColumns })
      .onConflictDoNothing({ target: [connections.orgId, connections.provider] })
      .returning();
    let row = inserted;
    if (!row) {
      const [existing] = await tx
        .select({ id: connections.id })
        .from(connections)
        .where(and(eq(connections.orgId, scope.orgId), eq(connections.provider, input.provider)))
        .for("update");
      [row] = await tx
        .update(connections)
        .set({ status: input.status, authJson: seal(existing!.id), ...clearedTestColumns, updatedAt: new Date() })
        .where(and(eq(connections.id, existing!.id), eq(connections.orgId, scope.orgId)))
        .returning();
    }
    await recordConnectionChange(tx, scope, {
      connectionId: row!.id,
      action: inserted ? "connection.create" : "connection.update",
      details: { provider: input.provider, status: input.status, has_key: Boolean(auth?.apiKey), via: "conn-upsert" },
    });
    return toConnection(row!, box);
  });
}
