import { and, desc, eq, gt } from "drizzle-orm";
import type { DataExport } from "@/shared/data-rights";
import type { SessionCache } from "../../auth/session-cache";
import type { SessionUser } from "../../context";
import type { Db } from "../../db/client";
import { dataExportChunks, dataExports } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { assertTwoFactorAllowed } from "../organisations/organisation-security";
import { requireMembership } from "../organisations/require-membership";
import { exportJson, exportStatusColumns } from "./export-row";

export type ReadDeps = { db: Db; now: () => Date; sessionCache?: SessionCache };
const notFound = () => new AppError("not_found", "Export not found");

/** The caller's exports that can still be downloaded or are under way, newest first. */
export async function listExports({ db, now }: ReadDeps, userId: string): Promise<DataExport[]> {
  const rows = await db
    .select(exportStatusColumns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, now())))
    .orderBy(desc(dataExports.createdAt))
    .limit(20);
  return rows.map(exportJson);
}

/** One export of the caller's; anyone else's is the same 404 as a missing one. */
export async function readExport({ db, now }: ReadDeps, userId: string, exportId: string): Promise<DataExport> {
  const [row] = await db
    .select(exportStatusColumns)
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId), gt(dataExports.expiresAt, now())));
  if (!row) throw notFound();
  return exportJson(row);
}

/** The zip's pieces in order, each read when the previous one has been sent. */
export async function* chunksOfExport(db: Db, exportId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db
      .select({ data: dataExportChunks.data })
      .from(dataExportChunks)
      .where(and(eq(dataExportChunks.exportId, exportId), eq(dataExportChunks.seq, seq)));
    if (!chunk) return;
    yield new Uint8Array(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
  }
}

/**
 * The zip, for the requester only, read a piece at a time; an organisation's export also needs them to be its owner
 * still (an owner demoted since asking gets 403, one removed 404).
 */
export async function readExportFile({ db, now, sessionCache }: ReadDeps, caller: Pick<SessionUser, "id" | "twoFactorEnabled">, exportId: string): Promise<{ chunks: AsyncGenerator<Uint8Array>; size: number; name: string }> {
  const userId = caller.id;
  const [row] = await db
    .select({ scope: dataExports.scope, orgId: dataExports.orgId, status: dataExports.status, fileSize: dataExports.fileSize, createdAt: dataExports.createdAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row) throw notFound();
  if (row.expiresAt <= now()) throw new AppError("gone", "This export has expired: start a new one");
  if (row.status !== "done" || row.fileSize === null) throw new AppError("conflict", "This export is not ready yet");
  if (row.scope === "org" && row.orgId) {
    const scope = await requireMembership(db, userId, row.orgId, sessionCache);
    if (!scope.isOwner) throw new AppError("forbidden", "Only an organisation owner can download its data");
    // The organisation's own rules hold here as on its routes (orgScope): two-factor sign-in, if it asks for it.
    await assertTwoFactorAllowed(db, caller, scope);
  }
  const day = row.createdAt.toISOString().slice(0, 10);
  return { chunks: chunksOfExport(db, exportId), size: row.fileSize, name: `we-love-hq-${row.scope === "org" ? "organisation" : "my-data"}-${day}.zip` };
}
