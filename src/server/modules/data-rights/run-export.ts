import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { dataExportChunks, dataExports, organisations } from "../../db/schema";
import { csvRows, jsonRows, readme, toCsv, ZipStream, type TableCount } from "./export-files";
import { EXPORT_CHUNK_BYTES, EXPORT_FAILED, EXPORT_TOO_LARGE } from "./export-row";
import { countSource, EXPORT_PAGE_ROWS, exportSources, readSource, type ExportSource, type ExportSubject } from "./export-sources";

export type RunExportDeps = { db: Db; appName: string; now: () => Date; maxBytes: number; logger?: Logger };

class ExportTooLarge extends Error {}

/**
 * Builds one export: claims the row, reads each table a page at a time (with a keyset cursor) into
 * a zip made as a stream, and stores the zip in pieces as it grows, so memory stays flat however
 * large the export. Each table is read twice, once for its JSON and once for its CSV: the zip holds
 * one open file at a time. The size cap is checked as the zip grows. The row may vanish meanwhile
 * (the user erased their account, the organisation was deleted): every write is conditional on it
 * still running, and its pieces go with it.
 */
export async function runDataExport({ db, appName, now, maxBytes, logger }: RunExportDeps, exportId: string): Promise<void> {
  const [claimed] = await db
    .update(dataExports)
    .set({ status: "running", progress: 1 })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ["queued", "running"])))
    .returning({ userId: dataExports.userId, scope: dataExports.scope, orgId: dataExports.orgId });
  if (!claimed) return;
  const stillRunning = and(eq(dataExports.id, exportId), eq(dataExports.status, "running"));
  // A run taken over from an instance that died keeps none of its pieces.
  await db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, exportId));
  try {
    const subject: ExportSubject = claimed.scope === "org" && claimed.orgId ? { scope: "org", orgId: claimed.orgId } : { scope: "user", userId: claimed.userId };
    const sources = await exportSources(db, subject);
    const zip = new ZipStream();
    let seq = 0;
    const store = async () => {
      if (zip.size > maxBytes) throw new ExportTooLarge();
      for (let piece = zip.take(EXPORT_CHUNK_BYTES); piece; piece = zip.take(EXPORT_CHUNK_BYTES)) {
        await db.insert(dataExportChunks).values({ exportId, seq: seq++, data: Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength) });
      }
    };
    const counts: TableCount[] = [];
    for (const [i, source] of sources.entries()) {
      counts.push({ name: source.name, rows: await writeTable(db, zip, source, store) });
      await db
        .update(dataExports)
        .set({ progress: 1 + Math.floor(((i + 1) / sources.length) * 97) })
        .where(stillRunning);
    }
    const title = subject.scope === "org" ? `organisation export (${await orgName(db, subject.orgId)})` : "personal data export";
    const notes = zip.file("README.txt");
    await notes.write(readme(appName, title, now(), counts));
    await notes.end();
    zip.end();
    await store();
    await db.update(dataExports).set({ status: "done", progress: 100, fileSize: zip.size, finishedAt: now() }).where(stillRunning);
  } catch (error) {
    // A code, not the error: a failed statement's text would show the reader our SQL and their bytes.
    const code = error instanceof ExportTooLarge ? EXPORT_TOO_LARGE : EXPORT_FAILED;
    if (code === EXPORT_FAILED) logger?.warn("data export failed", { exportId, error: firstLines(error) });
    const [failed] = await db.update(dataExports).set({ status: "failed", error: code, finishedAt: now() }).where(stillRunning).returning({ id: dataExports.id });
    if (failed) await db.delete(dataExportChunks).where(eq(dataExportChunks.exportId, exportId));
  }
}

/** One table's JSON file, then its CSV file, each written page by page; answers its row count. */
async function writeTable(db: Db, zip: ZipStream, source: ExportSource, store: () => Promise<void>): Promise<number> {
  const json = zip.file(`${source.name}.json`);
  await json.write("[\n");
  const large = (await countSource(db, source)) > EXPORT_PAGE_ROWS * 4;
  let rows = 0;
  for await (const page of readSource(db, source, large)) {
    await json.write(jsonRows(page, rows === 0));
    rows += page.length;
    await store();
  }
  await json.write("\n]\n");
  await json.end();
  const csv = zip.file(`${source.name}.csv`);
  await csv.write(toCsv(source.columns, []));
  for await (const page of readSource(db, source, large)) {
    await csv.write(csvRows(source.columns, page));
    await store();
  }
  await csv.end();
  await store();
  return rows;
}

/** The statement and the database's reason, without the parameters (the user's rows). */
function firstLines(error: unknown): string {
  const line = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0]!.slice(0, 200);
  return error instanceof Error && error.cause ? `${line(error)}: ${line(error.cause)}` : line(error);
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
