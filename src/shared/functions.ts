import { z } from "zod";
import { organisation, organisationName } from "./organisations";

// Request and response shapes of the spec's named functions under /functions/v1/{name}.

/**
 * What a part is doing. idle: never tried (nobody needed it yet); connecting: its first attempt;
 * up: working; down: lost or failing, retrying.
 */
export const partStates = ["idle", "connecting", "up", "down"] as const;
export type PartState = (typeof partStates)[number];

/**
 * One part of the service: whether it works (not down), since when (ISO time; null until first
 * seen, so also while idle), and its state, which tells a part never tried from one that is up.
 */
export const healthPart = z.object({ ok: z.boolean(), since: z.string().nullable(), state: z.enum(partStates) });

/** A database round trip slower than this is Degraded on /status, though it answered. */
export const DB_SLOW_MS = 1_000;

/** Public: up or down, part by part; nothing of any tenant's, and no platform-wide figures (docs/permissions.md). */
export const healthResponse = z.object({
  /** The database and the listener work (without the session cache's listener, sessions are only read every time). */
  ok: z.boolean(),
  db: z.boolean(),
  db_latency_ms: z.number().nullable(),
  /** The database answered, but slower than DB_SLOW_MS: /status says Degraded. */
  db_slow: z.boolean(),
  timestamp: z.string(),
  error: z.string().nullable(),
  /**
   * The database; the LISTEN connection that carries live changes to open streams; and the one
   * that tells the session cache what to forget (while it is not up, nothing is cached).
   */
  parts: z.object({ database: healthPart, listener: healthPart, sessions: healthPart }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const releaseInfoResponse = z.object({
  ok: z.boolean(),
  version: z.string(),
  commit: z.string().nullable(),
  timestamp: z.string(),
  /** What the server's settings turned off (AI_ASSIST_ENABLED=0): the browser hides it everywhere, whatever its own flags say. */
  features: z.object({ ai_assist: z.boolean() }),
});
export type ReleaseInfoResponse = z.infer<typeof releaseInfoResponse>;

/** The spec's secrets-ready: which operator secrets are set, as yes or no; never a value. */
export const secretsReadyResponse = z.object({
  ok: z.boolean(),
  n8n_base: z.boolean(),
  n8n_hmac: z.boolean(),
  gh_token: z.boolean(),
  gh_repo: z.boolean(),
});
export type SecretsReadyResponse = z.infer<typeof secretsReadyResponse>;

export const orgBootstrapInput = z.object({ user_id: z.string().min(1).max(200), org_name: organisationName.optional() });
export type OrgBootstrapInput = z.infer<typeof orgBootstrapInput>;

export const orgBootstrapResponse = z.object({
  ok: z.boolean(),
  org: organisation.nullable(),
  error: z.string().nullable(),
});
export type OrgBootstrapResponse = z.infer<typeof orgBootstrapResponse>;
