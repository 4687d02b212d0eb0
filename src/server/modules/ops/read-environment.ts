import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { EnvCheck, MigrationStatus, OpsEnvironment } from "@/shared/ops";
import type { Services } from "../../context";
import { pingDatabaseWithin } from "../../db/client";
import type { Env } from "../../env";
import { releaseOf } from "../../functions/release";
import { isN8nHealthy } from "../agents/n8n-health";
import { aiProvidersCheck, appUrlCheck, githubCheck, mailCheck, n8nSecretCheck, nodeEnvCheck, proxyCheck, secretKeyCheck, type SecretKeySource } from "./config-checks";
import { readMigrationStatus } from "./migration-status";

// The page waits for this answer: n8n gets a few seconds, not the full outbound cap.
const N8N_CHECK_MS = 5_000;

/**
 * The running server's configuration, checked where a check exists: the database is pinged,
 * the migration record read, n8n's /healthz called. For owners (ops.read); nothing in it is a
 * secret's value.
 */
export async function readEnvironment(services: Pick<Services, "env" | "database" | "changes">): Promise<OpsEnvironment> {
  const { env, database } = services;
  const [databaseReach, n8nBase] = await Promise.all([reachDatabase(services), n8nBaseCheck(env)]);
  const migrations = databaseReach.ok ? await readMigrationStatus(database.db).catch(() => null) : null;
  const release = releaseOf(env);
  const checks: EnvCheck[] = [
    nodeEnvCheck(env),
    releaseCheck(release),
    databaseCheck(database.kind, databaseReach),
    migrationsCheck(migrations),
    secretKeyCheck(env, secretKeySourceOf(env)),
    appUrlCheck(env),
    proxyCheck(env),
    mailCheck(env),
    n8nBase,
    n8nSecretCheck(env),
    aiProvidersCheck(env),
    githubCheck(env),
    liveUpdatesCheck(services.changes.status()),
  ];
  return {
    checks,
    migrations: migrations ?? { available: 0, applied: 0, latestAvailable: null, latestApplied: null, unknownApplied: 0, entries: [] },
    release,
    appUrl: env.APP_URL,
    databaseKind: database.kind,
    checkedAt: new Date().toISOString(),
  };
}

type Reach = { ok: true; ms: number } | { ok: false; error: string };

async function reachDatabase({ database }: Pick<Services, "database">): Promise<Reach> {
  const started = performance.now();
  try {
    await pingDatabaseWithin(database);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function databaseCheck(kind: "embedded" | "postgres", reach: Reach): EnvCheck {
  const label = "Database";
  if (!reach.ok) {
    const detail = kind === "postgres" ? `PostgreSQL (DATABASE_URL) is not answering: ${reach.error}` : `Embedded PGlite is not answering: ${reach.error}`;
    return { id: "database", label, state: "missing", detail };
  }
  if (kind === "postgres") return { id: "database", label, state: "ok", detail: `PostgreSQL server from DATABASE_URL, answered in ${reach.ms} ms` };
  return { id: "database", label, state: "warn", detail: `Embedded PGlite under DATA_DIR, answered in ${reach.ms} ms: one process only; back up DATA_DIR, or set DATABASE_URL for a PostgreSQL server` };
}

function migrationsCheck(status: MigrationStatus | null): EnvCheck {
  const label = "Migrations";
  if (!status) return { id: "migrations", label, state: "missing", detail: "The database's migration record could not be read" };
  const pending = status.available - status.applied;
  if (pending > 0) return { id: "migrations", label, state: "missing", detail: `${pending} of ${status.available} not applied (latest in this build: ${status.latestAvailable}); they run at start: restart the server` };
  if (status.unknownApplied > 0) return { id: "migrations", label, state: "warn", detail: `All ${status.available} applied, and ${status.unknownApplied} more this build does not know: a newer build migrated this database` };
  return { id: "migrations", label, state: "ok", detail: `All ${status.available} applied (latest ${status.latestApplied})` };
}

function releaseCheck(release: { version: string; commit: string | null }): EnvCheck {
  if (!release.commit) return { id: "release", label: "Version and commit", state: "warn", detail: `Version ${release.version}; commit unknown: set RELEASE_COMMIT where the server runs without its git checkout` };
  return { id: "release", label: "Version and commit", state: "ok", detail: `Version ${release.version}, commit ${release.commit.slice(0, 7)}` };
}

async function n8nBaseCheck(env: Pick<Env, "N8N_BASE">): Promise<EnvCheck> {
  const label = "N8N_BASE";
  if (!env.N8N_BASE) return { id: "n8n_base", label, state: "missing", detail: "Not set: Send to Agent and workflow deploys have nowhere to go" };
  // The origin only: a base URL may carry credentials in its user-info part.
  const where = new URL(env.N8N_BASE).origin;
  const reach = await isN8nHealthy(env.N8N_BASE, N8N_CHECK_MS);
  return reach.ok
    ? { id: "n8n_base", label, state: "ok", detail: `Set; n8n at ${where} answered /healthz` }
    : { id: "n8n_base", label, state: "warn", detail: `Set, but n8n at ${where} did not answer /healthz with 2xx within ${N8N_CHECK_MS / 1000} s` };
}

/** Whole sentences per state, so each is said in the reader's language (no raw state in the text). */
function liveUpdatesCheck(listener: { ok: boolean; state: string }): EnvCheck {
  const label = "Live updates (LISTEN)";
  if (!listener.ok) {
    const detail = listener.state === "connecting" ? "Connecting: open pages get live changes once it listens" : "Not listening (lost, trying again): open pages get no live changes until it reconnects";
    return { id: "live_updates", label, state: "missing", detail };
  }
  return { id: "live_updates", label, state: "ok", detail: listener.state === "idle" ? "Idle: it starts with the first open event stream" : "Listening: open pages get live changes as they happen" };
}

/** In embedded mode without SECRET_KEY the server generated one into DATA_DIR; the same key in the file says so. */
function secretKeySourceOf(env: Pick<Env, "DATABASE_URL" | "DATA_DIR" | "SECRET_KEY">): SecretKeySource {
  if (env.DATABASE_URL) return "environment";
  const file = join(resolve(env.DATA_DIR), "secret.key");
  return existsSync(file) && readFileSync(file, "utf8").trim() === env.SECRET_KEY ? "data_dir" : "environment";
}
