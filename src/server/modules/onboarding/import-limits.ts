import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { taskImports } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { IMPORT_STALE_MS } from "./task-import-row";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const HOUR_MS = 3600 * 1000;

/**
 * The organisation's import limits, read under its import lock: at most `rowsPerHour` rows in
 * any hour (429 with the wait until enough of the hour's imports have aged out), and one
 * background import at a time (409).
 */
export async function assertWithinImportLimits(tx: Tx, orgId: string, rows: number, background: boolean, now: Date, rowsPerHour: number): Promise<void> {
  if (rows > rowsPerHour) throw new AppError("bad_request", `This file has ${rows} rows; this organisation may import ${rowsPerHour} rows an hour`);
  const recent = await tx
    .select({ total: taskImports.total, status: taskImports.status, createdAt: taskImports.createdAt })
    .from(taskImports)
    .where(and(eq(taskImports.orgId, orgId), gt(taskImports.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(asc(taskImports.createdAt));
  const stale = now.getTime() - IMPORT_STALE_MS;
  if (background && recent.some((r) => (r.status === "queued" || r.status === "running") && r.createdAt.getTime() > stale)) {
    throw new AppError("conflict", "Another import of this organisation is still running: wait for it to finish, then import this file");
  }
  let used = recent.reduce((sum, r) => sum + r.total, 0);
  if (used + rows <= rowsPerHour) return;
  // The wait: until the oldest imports of the hour have made room for this one.
  const freed = recent.find((r) => (used -= r.total) + rows <= rowsPerHour)!;
  const minutes = Math.max(1, Math.ceil((freed.createdAt.getTime() + HOUR_MS - now.getTime()) / 60_000));
  throw new AppError("rate_limited", `This organisation may import ${rowsPerHour} rows an hour. Try again in ${minutes} minutes.`, undefined, minutes * 60);
}
