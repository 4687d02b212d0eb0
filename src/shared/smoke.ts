import { z } from "zod";

/**
 * The smoke tests (/smoke): each check is one call, POST …/smoke/:check, run by the server
 * against itself for real. A check that fails is still an answer (200, status 'fail'), its
 * message prefixed with the check's label ("Database: …", spec §8).
 */
export const smokeChecks = ["health", "database", "auth", "sse", "queue", "n8n"] as const;
export type SmokeCheck = (typeof smokeChecks)[number];

/** The label a message starts with; the page shows its own translated name. */
export const smokeCheckLabels: Record<SmokeCheck, string> = { health: "Health", database: "Database", auth: "Auth", sse: "SSE", queue: "Queue", n8n: "n8n" };

export const smokeCheckParams = z.object({ check: z.enum(smokeChecks, "Unknown smoke check") });

/** skipped: the check does not apply here (n8n not configured): neither a pass nor a failure. */
export const smokeOutcomes = ["pass", "fail", "skipped"] as const;
export type SmokeOutcome = (typeof smokeOutcomes)[number];

/** The spec's smoke test row: name, status, message, timestamp, duration. */
export const smokeResult = z.object({
  name: z.enum(smokeChecks),
  status: z.enum(smokeOutcomes),
  message: z.string(),
  duration_ms: z.number(),
  timestamp: z.string(),
});
export type SmokeResult = z.infer<typeof smokeResult>;
