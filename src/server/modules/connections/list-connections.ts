import { and, asc, eq } from "drizzle-orm";
import type { Connection } from "@/shared/connections";
import { connections } from "../../db/schema";
import type { ConnCtx } from "./connection-ctx";
import { toConnection, type ConnectionRow } from "./connection-row";

export async function listConnections({ db, scope, box }: ConnCtx): Promise<Connection[]> {
  const rows = await db.select().from(connections).where(eq(connections.orgId, scope.orgId)).orderBy(asc(connections.provider));
  return rows.map((row) => toConnection(row, box));
}

/** The raw row, only ever within the caller's organisation. */
export async function findConnectionRow({ db, scope }: Pick<ConnCtx, "db" | "scope">, connectionId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)))
    .limit(1);
  return row;
}

export async function getConnection(ctx: ConnCtx, connectionId: string): Promise<Connection | undefined> {
  const row = await findConnectionRow(ctx, connectionId);
  return row && toConnection(row, ctx.box);
}
