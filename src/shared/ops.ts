import { z } from "zod";

/**
 * The running server's configuration as owners see it on /go-live, /deploy/wizard and /ops/tools.
 * ok: configured and checked; warn: works, but not as production wants it; missing: not
 * configured, or checked and failing. Details never carry a secret's value or length.
 */
export const envCheckState = z.enum(["ok", "warn", "missing"]);
export type EnvCheckState = z.infer<typeof envCheckState>;

export const envCheckIds = ["node_env", "release", "database", "migrations", "secret_key", "app_url", "proxy", "mail", "n8n_base", "n8n_secret", "ai_providers", "github", "live_updates"] as const;
export const envCheckId = z.enum(envCheckIds);
export type EnvCheckId = z.infer<typeof envCheckId>;

export const envCheck = z.object({ id: envCheckId, label: z.string(), state: envCheckState, detail: z.string() });
export type EnvCheck = z.infer<typeof envCheck>;

/** One migration of the build, and whether this database has it. */
export const migrationEntry = z.object({ tag: z.string(), createdAt: z.string(), applied: z.boolean() });
export type MigrationEntry = z.infer<typeof migrationEntry>;

export const migrationStatus = z.object({
  available: z.number().int(),
  applied: z.number().int(),
  latestAvailable: z.string().nullable(),
  latestApplied: z.string().nullable(),
  /** Rows in the database's record that this build does not know (a newer build migrated it). */
  unknownApplied: z.number().int(),
  entries: z.array(migrationEntry),
});
export type MigrationStatus = z.infer<typeof migrationStatus>;

export const opsEnvironment = z.object({
  checks: z.array(envCheck),
  migrations: migrationStatus,
  release: z.object({ version: z.string(), commit: z.string().nullable() }),
  appUrl: z.string(),
  databaseKind: z.enum(["embedded", "postgres"]),
  checkedAt: z.string(),
});
export type OpsEnvironment = z.infer<typeof opsEnvironment>;
