/**
 * What an export may never contain, as a deny-list of columns. data-rights.test.ts walks every
 * column of every table: a column whose name or type could hold a secret must be named here,
 * either as secret (left out of every export) or as decided harmless, so a new secret column
 * without a decision fails that test instead of leaking into a zip.
 */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  user: [],
  session: ["token"],
  account: ["password", "access_token", "refresh_token", "id_token"],
  verification: ["value"],
  connections: ["auth_json"],
  secret_key_check: ["canary"],
  two_factor: ["secret", "backup_codes"],
  access_tokens: ["token_hash"],
  invitations: ["token_hash"],
  // headers: a task mail's List-Unsubscribe link carries the recipient's unsubscribe token.
  mail_queue: ["text", "headers"],
  dev_outbox: ["text", "headers"],
  used_totp_codes: ["code_hash"],
  // The zips themselves: never inside another export.
  data_export_chunks: ["data"],
  // Integrations: a feed's secret (hashed) and a chat link code (hashed) are proofs, and a project's
  // inbound address token lets anyone who holds it create tasks there.
  calendar_feeds: ["token_hash"],
  messaging_link_codes: ["code_hash"],
  project_mail_addresses: ["token"],
  // Google Calendar: the OAuth tokens (sealed) and an authorisation in flight (state hash, PKCE verifier).
  google_calendar_connections: ["access_token", "refresh_token"],
  google_oauth_states: ["state_hash", "code_verifier"],
};

/** Columns whose name looks secret-like (or that hold free-form JSON) but were read and judged harmless. */
export const NOT_SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  planes: ["key"],
  task_imports: ["import_key", "errors", "pending"],
  request_limits: ["key"],
  queue_jobs: ["key", "data", "token", "singleton_key"],
  queue_turns: ["key"],
  rate_limit: ["key"],
  agent_jobs: ["agent_key", "context", "result"],
  account: ["account_id", "provider_id", "scope", "access_token_expires_at", "refresh_token_expires_at"],
  user: ["two_factor_enabled"],
  automations: ["config_json"],
  chat_messages: ["metadata"],
  telemetry_events: ["details"],
  audit_log: ["details"],
  action_plan_progress: ["items"],
  health_scans: ["checks", "issues"],
  access_tokens: ["hint"],
  verification: ["identifier"],
  // Team work on tasks: "author" only looks like "auth"; the dedupe key is a job id and a user id.
  tasks: ["author_id"],
  comments: ["author_id"],
  notifications: ["dedupe_key"],
  // Project ids a feed follows; the addresses (with domain) a project accepts mail from.
  calendar_feeds: ["project_ids"],
  project_mail_addresses: ["allowed_senders"],
};

/**
 * Tables no export reads: the platform's own bookkeeping (limits, probes, queues, counters kept by
 * triggers, which are derived from rows that are exported) and the exports themselves.
 */
export const SKIPPED_TABLES: ReadonlySet<string> = new Set([
  "data_exports",
  "data_export_chunks",
  "request_limits",
  "rate_limit",
  "open_streams",
  "secret_key_check",
  "verification",
  "probe_results",
  "task_day_counts",
  "task_hour_counts",
  "project_task_counts",
  "mail_queue",
  "dev_outbox",
  "sign_in_failures",
  // Hashes of authenticator codes used in the last two minutes: replay protection, not data.
  "used_totp_codes",
  // The job queue (ids of the rows it works on, by organisation) and a Test's ping in flight.
  "queue_jobs",
  "queue_turns",
  "agent_pings",
]);

const SECRET_LIKE = /(token|password|passwd|secret|hash|key|auth|credential|otp|totp|backup|recovery|cipher|salt|canary|private|signature|session_data)/i;

/** Whether a column needs a decision above: a secret-like name, free-form JSON, or raw bytes. */
export function needsDecision(column: { name: string; type: string }): boolean {
  return SECRET_LIKE.test(column.name) || column.type === "jsonb" || column.type === "json" || column.type === "bytea";
}

export const isSecretColumn = (table: string, column: string) => SECRET_COLUMNS[table]?.includes(column) ?? false;
