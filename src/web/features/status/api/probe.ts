import type { z } from "zod";

/** Probes run every 30 s and on Refresh; a failed one is a finding to show at once, not to retry. */
export const PROBE_INTERVAL_MS = 30_000;
export const probeOptions = { retry: false, refetchInterval: PROBE_INTERVAL_MS, staleTime: 0, networkMode: "always" } as const;

/**
 * GETs a public function and reads its answer with the shared schema. An error status whose body
 * still fits the schema is an answer (health says 503 with the database down); anything else throws.
 */
export async function probe<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  const res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new Error(`${path} answered ${res.status}`);
  return parsed.data;
}
