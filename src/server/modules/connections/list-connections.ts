import { and, asc, eq } from "drizzle-orm";
import type { Connection } from "@/shared/connections";
import { connections } from "../../db/schema";
import type { ConnCtx } from "./connection-ctx";
import { toConnection, type ConnectionRow } from "./connection-row";

export async function listConnections({ db, scope, box }: ConnCtx): Promise<Connection[]> {
  const rows = await db.select().from(connections).where(eq(connections.orgId, scope.orgId)).orderBy(asc(connections.provider));
  return rows.map((row) => toConnection(row, box));
}

/**
 * The raw row, only ever within the caller's organisation. With `lock`, inside a transaction, the
 * row stays as read until it commits: a write merges onto what is there now, never onto a stale copy.
 */
export async function findConnectionRow({ db, scope }: Pick<ConnCtx, "db" | "scope">, connectionId: string, lock?: "lock"): Promise<ConnectionRow | undefined> {
  const query = db
    .select()
    .from(connections)
    .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
    .limit(1);
  const [row] = lock ? await query.for("no key update") : await query;
  return row;
}

export async function getConnection(ctx: ConnCtx, connectionId: string): Promise<Connection | undefined> {
  const row = await findConnectionRow(ctx, connectionId);
  return row && toConnection(row, ctx.box);
}
