import { apiKeyProviders, testableKeyProviders, type KeyTestResult } from "@/shared/connections";
import { testBrowserUseKey } from "../browser-use/browser-use-key-test";

/**
 * Where key tests go. Only the operator's configured base URLs are fetched: the user's optional
 * `endpoint` is stored, never requested, because fetching user-given URLs from the server would
 * need an SSRF guard (private ranges, redirects, DNS rebinding) that this feature does not have.
 */
export type KeyTestConfig = { openaiBaseUrl: string; anthropicBaseUrl: string; n8nBase?: string; browserUseBase?: string; timeoutMs: number };

const providerNames: Record<string, string> = { openai: "OpenAI", anthropic: "Anthropic", n8n: "n8n", mistral: "Mistral", google: "Google", groq: "Groq", perplexity: "Perplexity" };
const NO_KEY = "No API key saved; add one on the API Keys page";

/** Tests what a connection holds; the message never contains the key. */
export async function testConnection(config: KeyTestConfig, provider: string, apiKey: string | null): Promise<KeyTestResult> {
  if (provider === "n8n") return apiKey ? testN8nKey(config, apiKey) : testN8n(config);
  if (provider === "browseruse") {
    if (!apiKey) return { outcome: "unverifiable", message: "No Browser Use API key saved; enter one on its card" };
    if (!config.browserUseBase) return { outcome: "unverifiable", message: "Stored, but BROWSER_USE_API_BASE is not configured, so the key cannot be tested" };
    return testBrowserUseKey({ baseUrl: config.browserUseBase, timeoutMs: config.timeoutMs }, apiKey);
  }
  const isKeyProvider = (apiKeyProviders as readonly string[]).includes(provider);
  if (!isKeyProvider) return { outcome: "unverifiable", message: "This connection can't be verified from here" };
  if (!apiKey) return { outcome: "unverifiable", message: NO_KEY };
  if (!(testableKeyProviders as readonly string[]).includes(provider)) {
    return { outcome: "untested", message: `Stored, but We Love HQ cannot test ${providerNames[provider] ?? provider} keys` };
  }
  return provider === "openai" ? testOpenAi(config, apiKey) : testAnthropic(config, apiKey);
}

async function testOpenAi(config: KeyTestConfig, apiKey: string): Promise<KeyTestResult> {
  const res = await request("openai", config, joinUrl(config.openaiBaseUrl, "/v1/models"), { headers: { authorization: `Bearer ${apiKey}` } });
  if ("outcome" in res) return res;
  if (res.status === 200) return { outcome: "valid", message: "OpenAI accepted the key" };
  return { outcome: "invalid", message: refusal("OpenAI", res.status) };
}

async function testAnthropic(config: KeyTestConfig, apiKey: string): Promise<KeyTestResult> {
  const res = await request("anthropic", config, joinUrl(config.anthropicBaseUrl, "/v1/messages"), {
    method: "POST",
    headers: { "x-api-key": apiKey, "anthropic-version": "2023-06-01", "content-type": "application/json" },
    body: JSON.stringify({ model: "claude-3-5-haiku-latest", max_tokens: 1, messages: [{ role: "user", content: "ping" }] }),
  });
  if ("outcome" in res) return res;
  // Anything but 401 means the key itself was accepted (400 can be an empty balance, 429 a rate limit).
  if (res.status !== 401) return { outcome: "valid", message: `Anthropic accepted the key (${res.status})` };
  return { outcome: "invalid", message: refusal("Anthropic", res.status) };
}

async function testN8n(config: KeyTestConfig): Promise<KeyTestResult> {
  if (!config.n8nBase) return { outcome: "unverifiable", message: "N8N_BASE is not configured" };
  const res = await request("n8n", config, joinUrl(config.n8nBase, "/healthz"), {});
  if ("outcome" in res) return res;
  if (res.status >= 200 && res.status < 300) return { outcome: "valid", message: "n8n is reachable" };
  return { outcome: "invalid", message: `n8n answered with status ${res.status}` };
}

/** How a key n8n refused (401/403) is described; the workflow deploy reads it back (workflows/n8n-access.ts). */
export const N8N_KEY_REFUSED = "n8n refused the API key";

/** With a key (for deploying workflows), n8n's public API is asked for one workflow: only a valid key gets 200. */
async function testN8nKey(config: KeyTestConfig, apiKey: string): Promise<KeyTestResult> {
  if (!config.n8nBase) return { outcome: "unverifiable", message: "Stored, but N8N_BASE is not configured, so the key cannot be tested" };
  const res = await request("n8n", config, joinUrl(config.n8nBase, "/api/v1/workflows?limit=1"), { headers: { "x-n8n-api-key": apiKey, accept: "application/json" } });
  if ("outcome" in res) return res;
  if (res.status === 200) return { outcome: "valid", message: "n8n accepted the API key" };
  // Written out (it starts with N8N_KEY_REFUSED), so the whole sentence is one text to translate.
  if (res.status === 401 || res.status === 403) return { outcome: "invalid", message: `n8n refused the API key (${res.status})` };
  return { outcome: "invalid", message: `n8n answered with status ${res.status}, so the API key could not be confirmed` };
}

function refusal(name: string, status: number): string {
  return status === 401 || status === 403 ? `${name} refused the key (${status})` : `${name} answered with status ${status}, so the key could not be confirmed`;
}

async function request(provider: string, config: KeyTestConfig, url: string, init: RequestInit): Promise<{ status: number } | KeyTestResult> {
  const name = providerNames[provider] ?? provider;
  try {
    const res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(config.timeoutMs) });
    // The body is not needed; cancelling it frees the connection.
    await res.body?.cancel().catch(() => undefined);
    return { status: res.status };
  } catch (error) {
    return { outcome: "invalid", message: `Could not reach ${name}: ${networkReason(error, config.timeoutMs)}` };
  }
}

/** A short reason built from error names and codes only, so nothing from the request can leak. */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${formatSeconds(timeoutMs)}`;
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET") return "connection reset";
  if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return `network error (${code})`;
  return "network error";
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
const joinUrl = (base: string, path: string) => base.replace(/\/+$/, "") + path;
