import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrationsFolder, openEmbedded, openPostgres, type Database, type PostgresOptions } from "../db/client";

/**
 * A fresh database for one test suite: in-memory PGlite by default, or a new database on the
 * server named by TEST_DATABASE_URL, dropped again when the suite closes it.
 */
export type TestDatabase = Database & { url?: string };

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openEmbeddedFromSnapshot();
  return openFreshPostgresDatabase(serverUrl);
}

export type ThrowawayDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * An empty database named `${prefix}_${pid}_${random}` on the PostgreSQL server at `serverUrl`
 * (so the server's own databases are never touched): its URL, its name, and `drop()`.
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`) };
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

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, dropped again on close, whatever
 * TEST_DATABASE_URL says. The app's pool reaches it through `through` (a TCP proxy a test can
 * cut, say); `url` reaches it directly, as another instance of the app would.
 */
export async function openFreshPostgresDatabase(
  serverUrl: string,
  { through = (url: string) => url, poolSize = 5, ...options }: { through?: (url: string) => string; poolSize?: number } & PostgresOptions = {},
): Promise<TestDatabase & { url: string }> {
  const { url, drop } = await createThrowawayDatabase(serverUrl, "whq_test");
  const database = await openPostgres(through(url), poolSize, options).catch(async (error: unknown) => {
    await drop().catch(() => undefined);
    throw error;
  });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
