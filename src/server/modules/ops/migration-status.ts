import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MigrationStatus } from "@/shared/ops";
import { migrationsFolder, type Db } from "../../db/client";

type JournalEntry = { tag: string; when: number };

/** The migrations this build carries: drizzle/meta/_journal.json, read once per process. */
let journal: JournalEntry[] | undefined;
export const availableMigrations = (): JournalEntry[] =>
  (journal ??= (JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries);

/**
 * The build's migrations against the database's record of them (drizzle.__drizzle_migrations,
 * written by the migrator at start). Drizzle keys a migration by its journal time (created_at),
 * and applies every one newer than the latest row, so a row is matched to its journal entry by it.
 */
export async function readMigrationStatus(db: Db): Promise<MigrationStatus> {
  const available = availableMigrations();
  const rows = await appliedTimes(db);
  const applied = new Set(rows);
  const known = new Set(available.map((m) => m.when));
  const entries = available.map((m) => ({ tag: m.tag, createdAt: new Date(m.when).toISOString(), applied: applied.has(m.when) }));
  const appliedEntries = entries.filter((e) => e.applied);
  return {
    available: available.length,
    applied: appliedEntries.length,
    latestAvailable: available.at(-1)?.tag ?? null,
    latestApplied: appliedEntries.at(-1)?.tag ?? null,
    unknownApplied: rows.filter((when) => !known.has(when)).length,
    entries,
  };
}

// Both drivers answer { rows }; the shared Db type cannot say so.
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

async function appliedTimes(db: Db): Promise<number[]> {
  // No record table at all is a database nothing has migrated yet.
  const [found] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!found?.present) return [];
  const rows = rowsOf<{ created_at: string | number }>(await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`));
  return rows.map((r) => Number(r.created_at));
}
