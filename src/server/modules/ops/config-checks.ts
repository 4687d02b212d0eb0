import type { EnvCheck } from "@/shared/ops";
import type { Env } from "../../env";

/**
 * The checks that need nothing but the configuration. Each says what is set and what production
 * wants; a secret is described as set, where it came from and whether it looks like a
 * placeholder, never by its value or length.
 */
export type ConfigEnv = Pick<
  Env,
  | "NODE_ENV" | "PORT" | "APP_URL" | "TRUST_PROXY" | "SMTP_URL" | "MAIL_OUTBOX" | "N8N_AGENT_SECRET" | "N8N_AGENT_SECRET_PREVIOUS" | "OPENAI_BASE_URL"
  | "ANTHROPIC_BASE_URL" | "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "AI_ASSIST_ENABLED" | "GITHUB_TOKEN" | "GITHUB_REPO" | "DATABASE_URL"
>;

/** Where SECRET_KEY came from: the environment, or generated into DATA_DIR/secret.key on a first embedded start. */
export type SecretKeySource = "environment" | "data_dir";

// A key of one repeated character or a short repeated pattern ("aaaa…", "0123…0123") is a placeholder, not a secret.
const looksLikePlaceholder = (hex: string) => new Set(hex.toLowerCase()).size < 6 || /^(.{1,16})\1+$/i.test(hex);

const check = (id: EnvCheck["id"], label: string, state: EnvCheck["state"], detail: string): EnvCheck => ({ id, label, state, detail });

export function nodeEnvCheck(env: ConfigEnv): EnvCheck {
  return env.NODE_ENV === "production"
    ? check("node_env", "NODE_ENV", "ok", "Set to production")
    : check("node_env", "NODE_ENV", "warn", `${env.NODE_ENV}: set NODE_ENV=production (or leave it unset) on a production server`);
}

export function secretKeyCheck(env: Pick<Env, "SECRET_KEY">, source: SecretKeySource): EnvCheck {
  const label = "SECRET_KEY";
  if (looksLikePlaceholder(env.SECRET_KEY)) return check("secret_key", label, "warn", "Set, but it looks like a placeholder (a repeated pattern): generate one with openssl rand -hex 32 and rotate (npm run secrets:rotate)");
  if (source === "data_dir") return check("secret_key", label, "warn", "Generated into DATA_DIR/secret.key on the first start: back it up with the data, or set SECRET_KEY in the environment");
  return check("secret_key", label, "ok", "Set in the environment; sessions and stored API keys are keyed from it");
}

export function appUrlCheck(env: ConfigEnv): EnvCheck {
  const label = "APP_URL (public address and trusted origin)";
  // loadEnv fills an unset APP_URL with this default; both mean the same to the server.
  if (env.APP_URL === `http://localhost:${env.PORT}`) return check("app_url", label, "missing", `Not set: the server assumes ${env.APP_URL}, so mailed links and the origin check point there`);
  const url = new URL(env.APP_URL);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:") return check("app_url", label, local ? "warn" : "missing", `${env.APP_URL} is not HTTPS: browsers get no Secure cookies or HSTS; put a TLS proxy in front`);
  if (local) return check("app_url", label, "warn", `${env.APP_URL} is a local address: set the public address`);
  return check("app_url", label, "ok", `${env.APP_URL} (HTTPS); only this origin may send writes`);
}

export function proxyCheck(env: ConfigEnv): EnvCheck {
  const https = env.APP_URL.startsWith("https://");
  if (env.TRUST_PROXY === "1") return check("proxy", "TRUST_PROXY", "ok", "1: client addresses and HTTPS are read from X-Forwarded-* (only safe behind your own proxy)");
  return https
    ? check("proxy", "TRUST_PROXY", "warn", "0 with an HTTPS APP_URL: behind a TLS proxy set TRUST_PROXY=1, or rate limits see the proxy's address")
    : check("proxy", "TRUST_PROXY", "warn", "0: fine without a proxy; set 1 behind a TLS-terminating proxy");
}

export function mailCheck(env: ConfigEnv): EnvCheck {
  if (env.SMTP_URL) {
    const scheme = env.SMTP_URL.split(":")[0];
    return check("mail", "SMTP_URL", "ok", `Set (${scheme}); mail is queued in mail_queue and sent in the background, retried up to 5 times. No test message was sent`);
  }
  if (env.MAIL_OUTBOX === "1") return check("mail", "SMTP_URL", "missing", "Not set, and MAIL_OUTBOX=1 shows sign-in links at /api/dev/outbox: set SMTP_URL and MAIL_OUTBOX=0");
  return check("mail", "SMTP_URL", "missing", "Not set: verification and reset mail stays in the dev_outbox table and nobody receives it");
}

export function n8nSecretCheck(env: ConfigEnv): EnvCheck {
  const label = "N8N_AGENT_SECRET";
  if (!env.N8N_AGENT_SECRET) return check("n8n_secret", label, "missing", "Not set: agent jobs cannot be signed for n8n, and agent-inbox refuses every callback");
  if (looksLikePlaceholder(env.N8N_AGENT_SECRET)) return check("n8n_secret", label, "warn", "Set, but it looks like a placeholder: generate one with openssl rand -hex 32");
  if (env.N8N_AGENT_SECRET_PREVIOUS) return check("n8n_secret", label, "warn", "Set (32-byte hex); N8N_AGENT_SECRET_PREVIOUS is set too: remove it once n8n signs with the new secret");
  return check("n8n_secret", label, "ok", "Set (32-byte hex)");
}

export function aiProvidersCheck(env: ConfigEnv): EnvCheck {
  const label = "AI providers";
  if (env.AI_ASSIST_ENABLED === "0") return check("ai_providers", label, "ok", "AI_ASSIST_ENABLED=0: every AI feature is hidden and refused");
  const bases = `OpenAI at ${new URL(env.OPENAI_BASE_URL).origin}, Anthropic at ${new URL(env.ANTHROPIC_BASE_URL).origin}`;
  const keys = [env.OPENAI_API_KEY && "OPENAI_API_KEY", env.ANTHROPIC_API_KEY && "ANTHROPIC_API_KEY"].filter(Boolean);
  return keys.length
    ? check("ai_providers", label, "ok", `${bases}; server key set: ${keys.join(", ")}`)
    : check("ai_providers", label, "warn", `${bases}; no server key set: the built-in assistant answers unless an organisation stores its own key`);
}

export function githubCheck(env: ConfigEnv): EnvCheck {
  const set = [env.GITHUB_TOKEN && "GITHUB_TOKEN", env.GITHUB_REPO && "GITHUB_REPO"].filter(Boolean);
  if (set.length === 2) return check("github", "GITHUB_TOKEN, GITHUB_REPO", "ok", `Both set (repository ${env.GITHUB_REPO})`);
  return check("github", "GITHUB_TOKEN, GITHUB_REPO", "warn", set.length ? `Only ${set.join("")} is set; optional, reported by secrets-ready` : "Not set; optional, for your own GitHub deploys (secrets-ready reports them)");
}
