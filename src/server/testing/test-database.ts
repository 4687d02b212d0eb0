import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrationsFolder, openEmbedded, openPostgres, type Database } from "../db/client";

/**
 * A fresh database for one test suite: in-memory PGlite by default, or a new database on the
 * server named by TEST_DATABASE_URL, dropped again when the suite closes it.
 */
export type TestDatabase = Database & { url?: string };

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openEmbeddedFromSnapshot();
  const name = `whq_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** One statement on its own connection: CREATE/DROP DATABASE cannot run inside a pool's transaction. */
export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * initdb plus migrations costs PGlite seconds per suite; a dump of a migrated database, kept in
 * the temp dir per set of migrations, loads several times faster. Written atomically by rename.
 */
async function openEmbeddedFromSnapshot(): Promise<Database> {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql")).sort()) hash.update(readFileSync(join(migrationsFolder, file)));
  const snapshot = join(tmpdir(), `whq-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(snapshot)) return openEmbedded(undefined, { loadDataDir: new Blob([readFileSync(snapshot)]) });
  const database = await openEmbedded();
  const dump = await database.dump!();
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, snapshot);
  return database;
}
