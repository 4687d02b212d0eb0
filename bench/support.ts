// Shared by the benches: an embedded database in a temp dir, a throwaway database on a
// PostgreSQL server (created and dropped here, so the server's own databases are never touched),
// and quantiles.
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEmbedded, openPostgres, type Database } from "../src/server/db/client";
import { adminQuery as admin } from "../src/server/testing/test-database";

export { admin };


/** PGlite in a fresh temp dir, migrated; closed and removed afterwards. */
export async function withEmbedded<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "whq-bench-pglite-"));
  const database = await openEmbedded(dataDir);
  try {
    return await fn(database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A migrated throwaway database on serverUrl's server, dropped afterwards whatever happens. */
export async function withThrowawayPostgres<T>(
  serverUrl: string,
  fn: (database: Database, info: { url: string; host: string; name: string }) => Promise<T>,
): Promise<T> {
  const name = `whq_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, `create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    try {
      return await fn(database, { url: url.toString(), host: url.host, name });
    } finally {
      await database.close();
    }
  } finally {
    await admin(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}

/** The p-quantile (0..1) of an ascending array, nearest rank below. */
export const quantile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
