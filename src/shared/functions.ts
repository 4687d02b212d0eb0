import { z } from "zod";
import { organisation, organisationName } from "./organisations";

// Request and response shapes of the spec's named functions under /functions/v1/{name}.
export const healthResponse = z.object({
  ok: z.boolean(),
  db: z.boolean(),
  db_latency_ms: z.number().nullable(),
  timestamp: z.string(),
  error: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const releaseInfoResponse = z.object({
  ok: z.boolean(),
  version: z.string(),
  commit: z.string().nullable(),
  timestamp: z.string(),
});
export type ReleaseInfoResponse = z.infer<typeof releaseInfoResponse>;

export const orgBootstrapInput = z.object({ user_id: z.string().min(1).max(200), org_name: organisationName.optional() });
export type OrgBootstrapInput = z.infer<typeof orgBootstrapInput>;

export const orgBootstrapResponse = z.object({
  ok: z.boolean(),
  org: organisation.nullable(),
  error: z.string().nullable(),
});
export type OrgBootstrapResponse = z.infer<typeof orgBootstrapResponse>;
