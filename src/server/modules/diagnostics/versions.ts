import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { VersionFigures } from "@/shared/diagnostics";
import type { Database } from "../../db/client";
import { releaseOf } from "../../functions/release";
import { unhandledRejectionCount } from "../../lib/process-guard";

// One id per process, so figures from two instances behind a balancer can be told apart.
const instanceId = randomUUID();
const startedAt = new Date(Date.now() - process.uptime() * 1000);
const databaseVersions = new WeakMap<Database, string | null>();

/** The server's own version string, asked once per database handle (it does not change under a running pool). */
async function databaseVersionOf(database: Database): Promise<string | null> {
  if (databaseVersions.has(database)) return databaseVersions.get(database)!;
  const result = (await database.db.execute(sql`select current_setting('server_version') as version`)) as unknown as { rows: { version?: unknown }[] };
  const version = typeof result.rows[0]?.version === "string" ? result.rows[0].version : null;
  databaseVersions.set(database, version);
  return version;
}

export async function versionsOf(database: Database, env: { RELEASE_VERSION?: string; RELEASE_COMMIT?: string }): Promise<VersionFigures> {
  const release = releaseOf(env);
  const memory = process.memoryUsage();
  return {
    app: release.version,
    commit: release.commit,
    node: process.version,
    database: { kind: database.kind, version: await databaseVersionOf(database) },
    unhandledRejections: unhandledRejectionCount(),
    instanceId,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
  };
}
