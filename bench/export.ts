// npm run bench:export (node --expose-gc --max-semi-space-size=2, the server's own V8 flag): a personal data export of BENCH_EXPORT_MB (500) of a user's rows (chat
// messages of 4 KB of hex, which deflate only halves), built by the export job as it runs in the
// server, then downloaded. Prints seconds, MB/s and this process's RSS (before, peak, growth),
// against the anchor of the same rows read page by page with nothing made of them. A throwaway
// database on BENCH_DATABASE_URL's server, or embedded PGlite (whose memory is in this process).
// Prints figures; not a test.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { conversations, dataExports, user } from "../src/server/db/schema";
import { countSource, EXPORT_PAGE_ROWS, exportSources, readSource } from "../src/server/modules/data-rights/export-sources";
import { chunksOfExport } from "../src/server/modules/data-rights/read-exports";
import { runDataExport } from "../src/server/modules/data-rights/run-export";
import { rowsOf } from "../src/server/modules/data-rights/schema-walk";
import { bootstrapOrganisation } from "../src/server/modules/organisations/bootstrap-organisation";
import { withEmbedded, withThrowawayPostgres } from "./support";

const TARGET_MB = Number(process.env.BENCH_EXPORT_MB ?? 500);
const ROW_BYTES = 4096;
const MB = 1024 * 1024;

/** Peak RSS while fn runs, sampled every 10 ms. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; before: number; peak: number }> {
  // Garbage of the phase before is not this phase's memory (--expose-gc, as npm run bench:export runs it).
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds: (performance.now() - started) / 1000, before, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const line = (name: string, m: { seconds: number; before: number; peak: number }, bytes: number) =>
  console.log(`${name.padEnd(26)} ${m.seconds.toFixed(1).padStart(6)} s  ${(bytes / MB / m.seconds).toFixed(1).padStart(6)} MB/s  RSS ${mb(m.before)} → peak ${mb(m.peak)} MB (growth ${mb(m.peak - m.before)} MB)`);

async function bench(database: Database, kind: string): Promise<void> {
  const db = database.db;
  const userId = `bench-export-${Date.now()}`;
  await db.insert(user).values({ id: userId, name: "Bench export", email: `${userId}@example.test`, emailVerified: true });
  const { org } = await bootstrapOrganisation(db, { userId, orgName: "Bench export", now: new Date() });
  const [conversation] = await db.insert(conversations).values({ orgId: org.id, userId, title: "A long chat" }).returning();
  const rows = Math.ceil((TARGET_MB * MB) / ROW_BYTES);
  const seeding = performance.now();
  for (let from = 1; from <= rows; from += 5_000) {
    const to = Math.min(rows, from + 4_999);
    await db.execute(sql`insert into chat_messages (conversation_id, org_id, role, content)
      select ${conversation!.id}, ${org.id}, 'user', (select string_agg(md5(g::text || '-' || h), '') from generate_series(1, ${ROW_BYTES / 32}) h)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  const [size] = rowsOf<{ bytes: string }>(await db.execute(sql`select sum(octet_length(content))::bigint as bytes from chat_messages where conversation_id = ${conversation!.id}`));
  const rowBytes = Number(size!.bytes);
  console.log(`\n${kind}: ${rows.toLocaleString("en")} rows, ${mb(rowBytes)} MB of the user's text, seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

  // The anchor: every source of the export read page by page, rows dropped.
  const bare = await measured(async () => {
    let n = 0;
    for (const source of await exportSources(db, { scope: "user", userId })) {
      for await (const page of readSource(db, source, (await countSource(db, source)) > EXPORT_PAGE_ROWS * 4)) n += page.length;
    }
    return n;
  });
  line("read only (anchor)", bare, rowBytes);

  const [row] = await db.insert(dataExports).values({ userId, scope: "user", expiresAt: new Date(Date.now() + 86_400_000) }).returning({ id: dataExports.id });
  const exported = await measured(() => runDataExport({ db, appName: "We Love HQ", now: () => new Date(), maxBytes: 2_000 * MB }, row!.id));
  const [done] = await db.select({ status: dataExports.status, fileSize: dataExports.fileSize, error: dataExports.error }).from(dataExports).where(eq(dataExports.id, row!.id));
  if (done?.status !== "done") throw new Error(`export ${done?.status}: ${done?.error}`);
  line("export (JSON + CSV, zip)", exported, rowBytes);
  console.log(`${"".padEnd(26)} zip ${mb(done.fileSize!)} MB; export / anchor time ${(exported.seconds / bare.seconds).toFixed(2)}`);

  const downloaded = await measured(async () => {
    let bytes = 0;
    for await (const piece of chunksOfExport(db, row!.id)) bytes += piece.byteLength;
    return bytes;
  });
  if (downloaded.value !== done.fileSize) throw new Error(`downloaded ${downloaded.value} of ${done.fileSize} bytes`);
  line("download (the zip's pieces)", downloaded, downloaded.value);
}

const serverUrl = process.env.BENCH_DATABASE_URL;
console.log(`bench/export.ts: ${TARGET_MB} MB of a user's rows; load ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
if (serverUrl) await withThrowawayPostgres(serverUrl, (database) => bench(database, "PostgreSQL"));
else await withEmbedded((database) => bench(database, "PGlite (embedded, in this process)"));
