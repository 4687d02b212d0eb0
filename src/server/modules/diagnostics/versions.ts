import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { VersionFigures } from "@/shared/diagnostics";
import type { Database } from "../../db/client";
import { releaseOf } from "../../functions/release";

// One id per process, so figures from two instances behind a balancer can be told apart.
const instanceId = randomUUID();
const startedAt = new Date(Date.now() - process.uptime() * 1000);
const require = createRequire(import.meta.url);
let pgBossVersion: string | undefined;
const databaseVersions = new WeakMap<Database, string | null>();

function readPgBossVersion(): string {
  if (pgBossVersion) return pgBossVersion;
  try {
    const pkg = JSON.parse(readFileSync(require.resolve("pg-boss/package.json"), "utf8")) as { version?: string };
    pgBossVersion = pkg.version ?? "unknown";
  } catch {
    pgBossVersion = "unknown";
  }
  return pgBossVersion;
}

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
    pgBoss: readPgBossVersion(),
    instanceId,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
  };
}
