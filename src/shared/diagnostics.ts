import { z } from "zod";

/**
 * /app/diagnostics: one snapshot of how this server process is doing. Request rates and slow
 * queries are the whole server's (every organisation's traffic), so they hold counts, route
 * patterns and statement text only: never a path with ids, a parameter or a user
 * (docs/decisions/011-diagnostics.md). Job counts are the caller's organisation's.
 */
export const DIAGNOSTICS_WINDOW_MINUTES = 60;

const ms = z.number().nonnegative().nullable();

/** Latency percentiles of a set of requests; null when there were none. */
export const latencyPercentiles = z.object({ p50: ms, p95: ms, p99: ms });
export type LatencyPercentiles = z.infer<typeof latencyPercentiles>;

const requestCounts = z.object({ requests: z.number().int(), clientErrors: z.number().int(), serverErrors: z.number().int() });

export const requestMinute = requestCounts.extend({ start: z.string() });
export type RequestMinute = z.infer<typeof requestMinute>;

/** `route` is the matched pattern ("GET /api/v1/organisations/:orgId/tasks"), "other" past the cap, "unmatched" for 404s. */
export const routeFigures = requestCounts.extend({ route: z.string() }).extend(latencyPercentiles.shape);
export type RouteFigures = z.infer<typeof routeFigures>;

export const requestFigures = z.object({
  windowMinutes: z.number().int(),
  /** Oldest first, one per minute of the window, the current (partial) minute last. */
  minutes: z.array(requestMinute),
  totals: requestCounts.extend(latencyPercentiles.shape),
  /** Busiest first. */
  routes: z.array(routeFigures),
  routeCap: z.number().int(),
});
export type RequestFigures = z.infer<typeof requestFigures>;

/** A normalised statement: literals replaced by '?', parameters never kept, cut to a few hundred characters. */
export const statementFigures = z.object({ statement: z.string(), count: z.number().int(), meanMs: z.number(), maxMs: z.number(), totalMs: z.number() });
export type StatementFigures = z.infer<typeof statementFigures>;

export const queryFigures = z.object({
  thresholdMs: z.number(),
  since: z.string(),
  /** Statements that took thresholdMs or longer at least once, slowest first. */
  slow: z.array(statementFigures),
  /** Statements by the time spent in them altogether. */
  topByTotal: z.array(statementFigures),
});
export type QueryFigures = z.infer<typeof queryFigures>;

export const queueDepth = z.object({ name: z.string(), created: z.number().int(), retry: z.number().int(), active: z.number().int(), failed: z.number().int() });
export type QueueDepth = z.infer<typeof queueDepth>;

export const agentJobStateCounts = z.object({ queued: z.number().int(), sending: z.number().int(), sent: z.number().int(), done: z.number().int(), failed: z.number().int() });

export const queueFigures = z.object({
  /** null when the queue's tables could not be read (the error says why). */
  queues: z.array(queueDepth).nullable(),
  error: z.string().nullable(),
  /** This organisation's agent jobs by state, all time. */
  agentJobs: agentJobStateCounts,
});
export type QueueFigures = z.infer<typeof queueFigures>;

export const versionFigures = z.object({
  app: z.string(),
  commit: z.string().nullable(),
  node: z.string(),
  database: z.object({ kind: z.enum(["embedded", "postgres"]), version: z.string().nullable() }),
  /** Promise rejections nobody handled since this instance started (logged and counted, never fatal). */
  unhandledRejections: z.number().int(),
  instanceId: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
});
export type VersionFigures = z.infer<typeof versionFigures>;

export const diagnosticsSnapshot = z.object({
  generatedAt: z.string(),
  requests: requestFigures,
  queries: queryFigures,
  queue: queueFigures,
  versions: versionFigures,
});
export type DiagnosticsSnapshot = z.infer<typeof diagnosticsSnapshot>;
