import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { describeDatabaseError, isDatabaseUnavailable } from "../lib/database-errors";
import type { Logger } from "../lib/logger";
import { createQueryStats, type QueryStats } from "../lib/metrics/query-stats";
import { timePgliteQueries, timePoolQueries } from "../lib/metrics/time-queries";
import { createAvailability, type Availability } from "./availability";
import { listenOnPostgres } from "./pg-listen";
import { withPooledTransactions } from "./pooled-transactions";
import { retryTransactions } from "./retry-transactions";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "embedded" | "postgres";
  close: () => Promise<void>;
  /**
   * LISTEN on a channel; returns the function that stops listening. `onLost` is called once if
   * the connection breaks later (never on PGlite, which cannot go away on its own).
   */
  listen: (channel: string, onPayload: (payload: string) => void, onLost?: (error: unknown) => void) => Promise<() => Promise<void>>;
  /** How long opening a connection may take before it counts as the database being unavailable. */
  connectTimeoutMs: number;
  /** Whether the database was last seen working, and since when. */
  availability: Availability;
  /** Embedded only: the data directory as a tarball, so tests can start from a migrated copy. */
  dump?: () => Promise<Blob | File>;
  /** Time per normalised statement run through this handle, for /app/diagnostics (lib/metrics). */
  queries: QueryStats;
};

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 5_000;
/**
 * The client stops waiting this long after the server's own statement_timeout: a server that
 * answers cancels the statement first (57014); one that does not answer at all is a stall.
 */
const READ_TIMEOUT_MARGIN_MS = 500;

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/**
 * PGlite's defaults plus smaller buffers. Postgres' own defaults (shared_buffers 128MB, index
 * builds with 64MB) are touched inside the WebAssembly memory, which never gives pages back, so
 * they stay resident for the life of the process; one team's data fits in far less.
 */
const embeddedStartParams = [
  ...PGlite.defaultStartParams,
  ...["shared_buffers=16MB", "maintenance_work_mem=16MB"].flatMap((setting) => ["-c", setting]),
];

/**
 * initdb runs in a second PGlite instance (its own WebAssembly memory and a tarball of the new
 * cluster); after it the process keeps hundreds of MB it never returns. A child process does it
 * and exits, and this one opens the result as on any later start.
 */
async function initEmbeddedInChild(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, "PG_VERSION")) || typeof import.meta.resolve !== "function") return;
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
    await (await PGlite.create({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) })).close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, dataDir, JSON.stringify(embeddedStartParams)]);
}

/** Opens PGlite under dataDir (or in memory when dataDir is undefined), optionally from a dump. */
export async function openEmbedded(dataDir?: string, options: { loadDataDir?: Blob; slowQueryMs?: number } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && !options.loadDataDir) await initEmbeddedInChild(dataDir);
  // pg_trgm backs the palette's contains-search (migration 0008), as on the PostgreSQL server.
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm }, startParams: embeddedStartParams });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  const queries = createQueryStats({ thresholdMs: options.slowQueryMs });
  timePgliteQueries(client, queries);
  return {
    db: retryTransactions(db as unknown as Db),
    kind: "embedded",
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
    availability: createAvailability(),
    queries,
  };
}

export type PostgresOptions = { connectTimeoutMs?: number; queryTimeoutMs?: number; logger?: Logger; slowQueryMs?: number };

export async function openPostgres(url: string, poolSize = 10, options: PostgresOptions = {}): Promise<Database> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  await migrateWithLock(url, connectTimeoutMs);
  const availability = createAvailability((status, error) =>
    status.ok ? options.logger?.info("database reachable again") : options.logger?.warn("database unavailable", { ...describeDatabaseError(error), error: error instanceof Error ? error.message : String(error) }),
  );
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  // Every wait is bounded, so an outage answers 503 in seconds instead of hanging: getting a
  // connection (connectionTimeoutMillis), a statement on the server (statement_timeout), an answer
  // at all (query_timeout: a stalled or silently dead connection; pg-pool then discards the client),
  // and a transaction whose client vanished holding locks (the server ends it).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + READ_TIMEOUT_MARGIN_MS,
    idle_in_transaction_session_timeout: Math.max(10_000, 2 * queryTimeoutMs),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // pg-pool listens for errors only while a client is idle; a client checked out (inside a
  // transaction, between two statements) whose connection breaks would emit an unhandled 'error'
  // and end the process. Every client gets a listener for its whole life; the pool discards it.
  pool.on("connect", (client) => {
    availability.markUp();
    client.on("error", (error) => availability.markDown(error));
  });
  pool.on("error", (error) => availability.markDown(error));
  const queries = createQueryStats({ thresholdMs: options.slowQueryMs });
  // Each statement says whether the database is there: a lost connection or no answer marks it
  // down (one log line per outage), the next answer marks it up again.
  timePoolQueries(pool, queries, (error) => (error === undefined ? availability.markUp() : isDatabaseUnavailable(error) && availability.markDown(error)));
  const db = drizzlePg({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db: retryTransactions(withPooledTransactions(db as unknown as Db, pool)),
    kind: "postgres",
    connectTimeoutMs,
    availability,
    queries,
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    listen: async (channel, onPayload, onLost) => {
      const stop = await listenOnPostgres(url, channel, onPayload, (error) => onLost?.(error), { connectTimeoutMs });
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
  };
}

/** Several instances may start at once against one server; one migrates, the others wait. */
async function migrateWithLock(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(727274001)");
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274001)").catch(() => undefined);
    await client.end();
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; connectTimeoutMs?: number; queryTimeoutMs?: number; logger?: Logger; slowQueryMs?: number }): Promise<Database> {
  const { databaseUrl, dataDir, ...rest } = options;
  return databaseUrl ? openPostgres(databaseUrl, undefined, rest) : openEmbedded(dataDir, { slowQueryMs: rest.slowQueryMs });
}

/**
 * Whether the database answers, as the server asks it (health, a failed auth request): past the
 * connect timeout plus a little, a hanging connection counts as down.
 */
export const pingDatabaseWithin = (database: Pick<Database, "db" | "connectTimeoutMs">): Promise<void> => pingDatabase(database.db, database.connectTimeoutMs + 1_000);

/** `select 1`; with `timeoutMs`, a connection that stopped answering fails it rather than hanging it. */
export async function pingDatabase(db: Db, timeoutMs?: number): Promise<void> {
  if (timeoutMs === undefined) return void (await db.execute(sql`select 1`));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)));
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
