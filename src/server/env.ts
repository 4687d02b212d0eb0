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
  DATA_DIR: z.string().min(1).default("./data"),
  SECRET_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)").optional(),
  N8N_BASE: optionalUrl,
  N8N_AGENT_SECRET: z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)").optional(),
  OPENAI_BASE_URL: z.url().default("https://api.openai.com"),
  ANTHROPIC_BASE_URL: z.url().default("https://api.anthropic.com"),
  // How long a key test waits for the provider; tests shorten it to exercise the timeout.
  KEY_TEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("We Love HQ <no-reply@welovehq.local>"),
  // The outbox endpoint reveals verification and reset links, so it is opt-in, never implied.
  MAIL_OUTBOX: z.enum(["0", "1"]).default("0"),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  RELEASE_VERSION: z.string().optional(),
  RELEASE_COMMIT: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Abuse limits (docs/permissions.md); tests that walk every route raise them.
  LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LIMIT_IMPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  LIMIT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  // How often an open event stream asks again whether its session and membership still hold.
  STREAM_ACCESS_CHECK_MS: z.coerce.number().int().min(50).max(20_000).default(10_000),
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
