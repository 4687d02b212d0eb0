import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { retryTransactions } from "./retry-transactions";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "embedded" | "postgres";
  close: () => Promise<void>;
  /** LISTEN on a channel; returns the function that stops listening. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Embedded only: the data directory as a tarball, so tests can start from a migrated copy. */
  dump?: () => Promise<Blob | File>;
};

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Opens PGlite under dataDir (or in memory when dataDir is undefined), optionally from a dump. */
export async function openEmbedded(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the palette's contains-search (migration 0008), as on the PostgreSQL server.
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: retryTransactions(db as unknown as Db),
    kind: "embedded",
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  await migrateWithLock(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not take the process down.
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const listeners: pg.Client[] = [];
  return {
    db: retryTransactions(db as unknown as Db),
    kind: "postgres",
    close: async () => {
      await Promise.all(listeners.map((l) => l.end().catch(() => undefined)));
      await pool.end();
    },
    listen: async (channel, onPayload) => {
      // LISTEN holds its connection for good, so it gets a client of its own, outside the pool.
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => undefined);
      client.on("notification", (msg) => msg.channel === channel && msg.payload !== undefined && onPayload(msg.payload));
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => undefined);
      };
    },
  };
}

/** Several instances may start at once against one server; one migrates, the others wait. */
async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(727274001)");
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274001)").catch(() => undefined);
    await client.end();
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(options.dataDir);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
