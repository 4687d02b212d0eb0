import { z } from "zod";

/** The platform's own probes, recorded every minute (probe_results): the health answer and a database round trip. */
export const probeNames = ["api", "database"] as const;
export type ProbeName = (typeof probeNames)[number];

export const HEALTH_HISTORY_MAX_HOURS = 48;

export const healthHistoryQuery = z.object({
  hours: z.coerce.number("Hours must be a whole number from 1 to 48").int("Hours must be a whole number from 1 to 48").min(1, "Hours must be a whole number from 1 to 48").max(HEALTH_HISTORY_MAX_HOURS, "Hours must be a whole number from 1 to 48").default(6),
});
export type HealthHistoryQuery = z.infer<typeof healthHistoryQuery>;

/**
 * One probe's measurements within one bucket: latency of the answers that succeeded (null when
 * none did), how many were taken and how many failed.
 */
export const healthHistoryPoint = z.object({
  at: z.string(),
  probe: z.enum(probeNames),
  avg_ms: z.number().nullable(),
  max_ms: z.number().nullable(),
  samples: z.number(),
  failures: z.number(),
});
export type HealthHistoryPoint = z.infer<typeof healthHistoryPoint>;

/** Buckets that hold measurements only, oldest first; about 144 per probe at most whatever the hours (145 when the window cuts one in two). */
export const healthHistoryResponse = z.object({
  ok: z.boolean(),
  hours: z.number(),
  bucket_minutes: z.number(),
  from: z.string(),
  to: z.string(),
  points: z.array(healthHistoryPoint),
});
export type HealthHistoryResponse = z.infer<typeof healthHistoryResponse>;
