import { z } from "zod";
import { apiKeyProviders } from "./connection-providers";

// Contracts for connections (API keys and integrations): the server parses with them, the browser's forms too.

export { testableKeyProviders, apiKeyProviders, integrationProviders } from "./connection-providers";
import type { integrationProviders } from "./connection-providers";
/** Every provider a connection row may name: the union of the two lists above. */
export const connectionProviders = ["openai", "anthropic", "mistral", "google", "groq", "perplexity", "gmail", "calendar", "whatsapp", "telegram", "n8n", "browseruse"] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];
export type ApiKeyProvider = (typeof apiKeyProviders)[number];
export type IntegrationProvider = (typeof integrationProviders)[number];

export const integrationCategories: Record<IntegrationProvider, string> = {
  gmail: "Communication",
  calendar: "Productivity",
  whatsapp: "Communication",
  telegram: "Communication",
  n8n: "Automation",
  browseruse: "AI/Automation",
  openai: "AI",
};

export const connectionStatuses = ["connected", "disconnected", "error"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** valid/invalid: the provider answered; untested: no test exists for it; unverifiable: nothing to test against from here. */
export const keyTestOutcomes = ["valid", "invalid", "untested", "unverifiable"] as const;
export type KeyTestOutcome = (typeof keyTestOutcomes)[number];

export const KEY_TEST_TIMEOUT_MS = 10_000;

const apiKey = z.string().trim().min(1, "Enter an API key").max(1000, "Use at most 1000 characters").refine((v) => !/\s/.test(v), "An API key has no spaces");
const endpoint = z
  .string()
  .trim()
  .max(2048)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/.test(v), "Give a full address starting with https://");
const description = z.string().trim().max(500, "Use at most 500 characters").nullish().transform((v) => v || null);

/** A connection as the API returns it: never the secret, only its masked form. */
export const connection = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  provider: z.string(),
  // A string, not the enum: rows written by other tools may carry statuses this build doesn't know (shown yellow).
  status: z.string(),
  masked_key: z.string().nullable(),
  endpoint: z.string().nullable(),
  description: z.string().nullable(),
  tested: z.boolean(),
  tested_at: z.string().nullable(),
  test_outcome: z.enum(keyTestOutcomes).nullable(),
  test_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Connection = z.infer<typeof connection>;

export const keyTestResult = z.object({ outcome: z.enum(keyTestOutcomes), message: z.string() });
export type KeyTestResult = z.infer<typeof keyTestResult>;

/**
 * Create: with api_key the server tests the key and sets connected or error;
 * without one (an integration toggle) it sets the given status, connected by default.
 */
export const createConnectionInput = z.strictObject({
  provider: z.enum(connectionProviders, "Choose a provider"),
  api_key: apiKey.optional(),
  endpoint,
  description,
  status: z.enum(["connected", "disconnected"]).optional(),
});
export type CreateConnectionInput = z.input<typeof createConnectionInput>;

/** Update: a new api_key is tested again; status disconnected removes every credential. */
export const updateConnectionInput = z.strictObject({
  api_key: apiKey.optional(),
  endpoint: endpoint.optional(),
  description: description.optional(),
  status: z.enum(["connected", "disconnected"]).optional(),
});
export type UpdateConnectionInput = z.input<typeof updateConnectionInput>;

export const connectionResponse = z.object({ connection, test: keyTestResult.nullable() });
export type ConnectionResponse = z.infer<typeof connectionResponse>;
export const connectionListResponse = z.object({ connections: z.array(connection) });

/** The spec's conn-upsert function: {org_id, provider, auth_json, status} -> {ok, error}. */
export const connUpsertInput = z.strictObject({
  org_id: z.uuid("Organisation id is not valid"),
  provider: z.enum(connectionProviders, "Choose a provider"),
  auth_json: z
    .strictObject({ apiKey: apiKey.optional(), endpoint, description })
    .nullable()
    .default(null),
  status: z.enum(connectionStatuses).default("connected"),
});
export type ConnUpsertInput = z.input<typeof connUpsertInput>;
export const connUpsertResponse = z.object({ ok: z.boolean(), error: z.string().nullable() });
export type ConnUpsertResponse = z.infer<typeof connUpsertResponse>;

/** `sk-live-1234abcd` -> `sk-...abcd`: enough to tell keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  const tail = secret.slice(-4);
  const dash = secret.indexOf("-");
  const prefix = dash > 0 && dash <= 6 ? secret.slice(0, dash + 1) : "";
  return secret.length <= 8 ? `...${secret.slice(-2)}` : `${prefix}...${tail}`;
}

export const auditEntry = z.object({
  id: z.uuid(),
  actor_user_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The caller's address: for sign-in events and every organisation entry; null after an erasure. */
  ip: z.string().nullable().optional(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The organisation's audit log, newest first, in keyset pages (owners only). */
export const auditListQuery = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditPage = z.object({ entries: z.array(auditEntry), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
