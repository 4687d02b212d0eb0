import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { z } from "zod";

const optionalUrl = z.url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: optionalUrl,
  APP_NAME: z.string().trim().min(1).max(80).default("We Love HQ"),
  DATABASE_URL: z.url().optional(),
  // How long getting a database connection may take before the request gets 503 (PostgreSQL server only).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  // How long one statement of a request may run (PostgreSQL server only): past it the request gets
  // 503, and a connection that gives no answer at all is dropped from the pool.
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATA_DIR: z.string().min(1).default("./data"),
  SECRET_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)").optional(),
  N8N_BASE: optionalUrl,
  // The platform's operators by email (comma-separated; verified accounts only), besides `npm run operator -- add`.
  OPERATOR_EMAILS: z.string().optional(),
  N8N_AGENT_SECRET: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)").optional(),
  OPENAI_BASE_URL: z.url().default("https://api.openai.com"),
  ANTHROPIC_BASE_URL: z.url().default("https://api.anthropic.com"),
  // Browser Use's cloud API (v2 under /api/v2); tests point it at a local stand-in.
  BROWSER_USE_API_BASE: z.url().default("https://api.browser-use.com"),
  // A started browser task is polled with backoff from this delay, and given up after the ceiling.
  BROWSER_USE_POLL_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  BROWSER_USE_POLL_CEILING_MS: z.coerce.number().int().min(100).max(86_400_000).default(1_800_000),
  // Telegram's Bot API (tests point it at a stand-in on 127.0.0.1).
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
  // Google Calendar (OAuth 2.0 with PKCE): off without a client id; the bases let tests use a stand-in.
  GOOGLE_OAUTH_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_OAUTH_AUTH_BASE: z.url().default("https://accounts.google.com"),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default("https://oauth2.googleapis.com"),
  GOOGLE_CALENDAR_API_BASE: z.url().default("https://www.googleapis.com/calendar/v3"),
  // The Graph API of WhatsApp's Cloud API, with its version (tests point it at a stand-in on 127.0.0.1).
  WHATSAPP_API_BASE: z.url().default("https://graph.facebook.com/v21.0"),
  // How long a key test waits for the provider; tests shorten it to exercise the timeout.
  KEY_TEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("We Love HQ <no-reply@welovehq.local>"),
  // The outbox endpoint reveals verification and reset links, so it is opt-in, never implied.
  MAIL_OUTBOX: z.enum(["0", "1"]).default("0"),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  // Mail to task (README): our own SMTP receiver, off unless a port is set; it sits behind the
  // operator's MX or forwarding for INBOUND_MAIL_DOMAIN, the domain of every project's address.
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default("0.0.0.0"),
  INBOUND_MAIL_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z0-9-]+$|^localhost$/i, "must be a domain name").optional(),
  // A larger mail is refused in SMTP (552) before anything is stored.
  INBOUND_MAIL_MAX_BYTES: z.coerce.number().int().min(1_024).max(50_000_000).default(5_000_000),
  // Mails one project address takes an hour; past it the sender gets 451 (try later).
  INBOUND_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  // Or/and: poll a (catch-all) mailbox over IMAP, imaps://user:password@host:993/INBOX (user and
  // password URL-encoded; imap:// is plain with STARTTLS when offered). Unset = off.
  INBOUND_IMAP_URL: z.string().regex(/^imaps?:\/\/[^/@\s]+@[^/\s]+/, "must be imaps://user:password@host[:port][/mailbox]").optional(),
  INBOUND_IMAP_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  RELEASE_VERSION: z.string().optional(),
  RELEASE_COMMIT: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Abuse limits (docs/permissions.md); tests that walk every route raise them.
  LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LIMIT_IMPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Rows an organisation may import in an hour: two files of 100,000 rows (about 10 MB each).
  LIMIT_IMPORT_ROWS_PER_HOUR: z.coerce.number().int().min(1).default(200_000),
  LIMIT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  // Budgets for what costs money or mail (lib/budgets.ts): per person a minute, per organisation a day.
  // Model calls on the server's key; an organisation's own key lifts the daily budget, not the per-minute one.
  LIMIT_MODEL_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LIMIT_MODEL_CALLS_PER_DAY: z.coerce.number().int().min(1).default(300),
  // Agent dispatches, agent tests and Manual Fix jobs.
  LIMIT_AGENT_RUNS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LIMIT_AGENT_RUNS_PER_DAY: z.coerce.number().int().min(1).default(200),
  LIMIT_DEPLOYS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  LIMIT_DEPLOYS_PER_DAY: z.coerce.number().int().min(1).default(100),
  // Platform scans and project scans (each fetches a site or probes the platform).
  LIMIT_SCANS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  LIMIT_SCANS_PER_DAY: z.coerce.number().int().min(1).default(100),
  LIMIT_INVITATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LIMIT_INVITATIONS_PER_DAY: z.coerce.number().int().min(1).default(50),
  LIMIT_INVITATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(3),
  // Data exports a day: a person's own, and an organisation's.
  LIMIT_EXPORTS_PER_DAY: z.coerce.number().int().min(1).default(5),
  // The largest zip an export may grow to, checked while it streams (its size is an int column: < 2 GB).
  EXPORT_MAX_MB: z.coerce.number().int().min(1).max(2_000).default(1_024),
  // How often an open event stream asks again whether its session and membership still hold.
  STREAM_ACCESS_CHECK_MS: z.coerce.number().int().min(50).max(20_000).default(10_000),
  // Sessions and memberships kept in memory, forgotten on a change heard by LISTEN; the TTL is a backstop.
  SESSION_CACHE: z.enum(["0", "1"]).default("1"),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // The AI half. Off hides and refuses every AI feature (chat, ai-assist, dev-chat).
  AI_ASSIST_ENABLED: z.enum(["0", "1"]).default("1"),
  // The previous n8n secret, still accepted on agent-inbox while n8n moves to the new one.
  N8N_AGENT_SECRET_PREVIOUS: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)").optional(),
  // The /hq switchboard: up to three n8n hosts tried in order (primary, then fallbacks), comma-separated.
  HQ_SWITCHBOARD_HOSTS: z.string().optional(),
  // For the operator's GitHub deploys; secrets-ready says whether they are set, never what they are.
  GITHUB_TOKEN: z.string().min(1).optional(),
  GITHUB_REPO: z.string().regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/name").optional(),
  // The server's own LLM keys, used when an organisation has stored none; models are overridable.
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  ANTHROPIC_MODEL: z.string().min(1).default("claude-3-5-haiku-latest"),
  // One chat answer, all its model rounds and tool calls together, may take this long.
  CHAT_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  // Calls out to n8n and LLMs: per-request time cap.
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  // Agent jobs: the first retry's delay, doubling after (5 tries: 40+80+160+320 s, about 10 minutes).
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(40_000),
  // How often an idle worker asks the queue for a job; a job sent by any instance wakes it at once anyway.
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  // Jobs one instance runs at once, and jobs of one organisation running at once on all instances.
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  JOB_PER_ORG_LIMIT: z.coerce.number().int().min(1).max(200).default(2),
  // A job n8n took but has not reported on after this is sent again (or failed, if n8n claimed it).
  JOB_REPORT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  // Tests only: lets the project scan reach 127.0.0.1 (local website fixtures); refused unless NODE_ENV=test.
  PROJECT_SCAN_ALLOW_LOOPBACK: z.enum(["0", "1"]).default("0"),
  // /status's latency chart: how often the server times its own health answer and a database round trip (0: never).
  PROBE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // Smoke tests: how long the queue check waits for its job to be done, and the SSE check for its event.
  SMOKE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SMOKE_SSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Retention: how often old rows are pruned (0: never), in batches of this many rows per statement.
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  RETENTION_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  RETENTION_TELEMETRY_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  RETENTION_DEV_OUTBOX_DAYS: z.coerce.number().int().min(1).max(3_650).default(7),
  RETENTION_SENT_MAIL_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  RETENTION_SCAN_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  RETENTION_SCANS_KEPT: z.coerce.number().int().min(1).max(10_000).default(50),
  RETENTION_JOB_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
  RETENTION_REVOKED_TOKEN_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // /app/diagnostics lists a statement as slow once one run of it took this long.
  SLOW_QUERY_MS: z.coerce.number().int().min(1).max(600_000).default(200),
});

export type Env = z.infer<typeof envSchema> & { SECRET_KEY: string; APP_URL: string };

export class EnvError extends Error {}

/** Reads process.env once; the first bad value stops start-up with one line naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  if (env.PROJECT_SCAN_ALLOW_LOOPBACK === "1" && env.NODE_ENV !== "test") {
    throw new EnvError("Invalid configuration: PROJECT_SCAN_ALLOW_LOOPBACK is for tests only (NODE_ENV=test)");
  }
  const secret = env.SECRET_KEY ?? embeddedSecret(env);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return { ...env, SECRET_KEY: secret, APP_URL: appUrl };
}

/** In embedded mode the key is generated once and kept beside the data it protects. */
function embeddedSecret(env: z.infer<typeof envSchema>): string {
  if (env.DATABASE_URL) {
    throw new EnvError("Invalid configuration: SECRET_KEY is required when DATABASE_URL is set");
  }
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
