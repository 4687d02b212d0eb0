// Without zod: the /app dashboard tells API keys from integrations with these, before any form loads.

/** Providers whose key the server can test against the provider's own API. */
export const testableKeyProviders = ["openai", "anthropic"] as const;
/** Providers offered on the API Keys page; the ones not testable are stored as 'untested'. */
export const apiKeyProviders = ["openai", "anthropic", "mistral", "google", "groq", "perplexity"] as const;
/** Cards on the Integrations page, in the spec's order. n8n shows only while N8N_ENABLED is on. */
export const integrationProviders = ["gmail", "calendar", "whatsapp", "telegram", "n8n", "browseruse", "openai"] as const;
