import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dataExports, organisations } from "../../db/schema";
import { EXPORT_MAX_BYTES } from "./export-row";
import { zipExport, type ExportTable } from "./export-files";
import { exportSources, readSource, type ExportSubject } from "./export-sources";

export type RunExportDeps = { db: Db; appName: string; now: () => Date };

/**
 * Builds one export: claims the row, reads each table (progress after each), zips, stores. The
 * row may vanish meanwhile (the user erased their account, the organisation was deleted): every
 * write is conditional on it still running, so nothing is written back for someone gone.
 */
export async function runDataExport({ db, appName, now }: RunExportDeps, exportId: string): Promise<void> {
  const [claimed] = await db
    .update(dataExports)
    .set({ status: "running", progress: 1 })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ["queued", "running"])))
    .returning({ userId: dataExports.userId, scope: dataExports.scope, orgId: dataExports.orgId });
  if (!claimed) return;
  const stillRunning = and(eq(dataExports.id, exportId), eq(dataExports.status, "running"));
  try {
    const subject: ExportSubject = claimed.scope === "org" && claimed.orgId ? { scope: "org", orgId: claimed.orgId } : { scope: "user", userId: claimed.userId };
    const sources = await exportSources(db, subject);
    const tables: ExportTable[] = [];
    for (const [i, source] of sources.entries()) {
      tables.push({ name: source.name, columns: source.columns, rows: await readSource(db, source) });
      await db
        .update(dataExports)
        .set({ progress: 1 + Math.floor(((i + 1) / sources.length) * 89) })
        .where(stillRunning);
    }
    const title = subject.scope === "org" ? `organisation export (${await orgName(db, subject.orgId)})` : "personal data export";
    const zip = zipExport(appName, title, now(), tables);
    if (zip.byteLength > EXPORT_MAX_BYTES) throw new Error(`The export is larger than ${EXPORT_MAX_BYTES / 1024 / 1024} MB`);
    await db
      .update(dataExports)
      .set({ status: "done", progress: 100, file: Buffer.from(zip), fileSize: zip.byteLength, finishedAt: now() })
      .where(stillRunning);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(dataExports).set({ status: "failed", error: message.slice(0, 500), finishedAt: now() }).where(stillRunning);
  }
}

async function orgName(db: Db, orgId: string): Promise<string> {
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  return org?.name ?? orgId;
}

/** For tests: every export still queued, oldest first. */
export async function queuedExportIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.status, "queued")).orderBy(sql`created_at`);
  return rows.map((r) => r.id);
}
