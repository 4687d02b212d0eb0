import { z } from "zod";

/**
 * Jobs sent to an organisation's n8n agent: the functions agent-dispatch, agent-inbox and
 * agent-ready, and the owner's jobs list and summary. A job moves queued → sending → sent → done
 * | failed; between tries it is back to queued with its last error.
 */
export const jobStates = ["queued", "sending", "sent", "done", "failed"] as const;
export type JobState = (typeof jobStates)[number];
export const finishedJobStates: readonly JobState[] = ["done", "failed"];

/** A job is tried this many times before it counts as failed. */
export const JOB_MAX_ATTEMPTS = 5;
/** Messages are shown in lists cut to this many characters. */
export const JOB_MESSAGE_PREVIEW = 200;

const jsonObject = z.record(z.string(), z.unknown());

// agent_id is an agent's id or a built-in agent's key such as 'project-healer'.
const builtInKey = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, "Agent must be an agent id or a built-in agent's key");
export const agentDispatchInput = z.object({
  org_id: z.uuid("Organisation id is not valid"),
  project_id: z.uuid("Project id is not valid").nullish(),
  agent_id: z.union([z.uuid(), builtInKey]).nullish(),
  message: z.string().trim().min(1, "Message is required").max(10_000, "Message is too long (10 000 characters at most)"),
  context: jsonObject.optional().default({}),
});
export type AgentDispatchInput = z.infer<typeof agentDispatchInput>;
export type AgentDispatchResponse = { ok: boolean; error: string | null; job_id: string | null };

/** What n8n posts back to agent-inbox, signed (docs/agent-signing.md). */
export const agentInboxInput = z.object({
  job_id: z.uuid(),
  org_id: z.uuid(),
  status: z.enum(["done", "failed"]),
  result: jsonObject.nullish(),
  error: z.string().max(2_000).nullish(),
});
export type AgentInboxInput = z.infer<typeof agentInboxInput>;
export type AgentInboxResponse = { ok: true; duplicate: boolean };

/** n8n's claim before it does a job's work (agent-claim, signed like a report): the job is worked once. */
export const agentClaimInput = z.object({ job_id: z.uuid(), org_id: z.uuid() });
export type AgentClaimInput = z.infer<typeof agentClaimInput>;
/** 200 `claimed: true`: do the work. 409 `claimed: false` with why (a code): do not. A Test's ping answers 200 `claimed: false, ping: true`. */
export const agentClaimResponse = z.object({ claimed: z.boolean(), job_id: z.string(), ping: z.boolean().optional(), code: z.enum(["already_claimed", "already_finished"]).optional() });
export type AgentClaimResponse = z.infer<typeof agentClaimResponse>;

export const agentReadyResponse = z.object({
  /** n8n is configured: its base address and the HMAC secret are set. */
  ok: z.boolean(),
  n8n_base_set: z.boolean(),
  hmac_set: z.boolean(),
  /** Whether the configured n8n answered its health check just now; null when no n8n is configured. */
  n8n_reachable: z.boolean().nullable().optional(),
  /** How long that check took, when n8n answered. */
  n8n_latency_ms: z.number().nullable().optional(),
  timestamp: z.string(),
});
export type AgentReadyResponse = z.infer<typeof agentReadyResponse>;

export const jobRow = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  agent_key: z.string().nullable(),
  project_id: z.string().nullable(),
  kind: z.string(),
  message: z.string(),
  state: z.enum(jobStates),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** What n8n reported: its `result.message` as text, and the whole result as data (null until it reports). */
  result_text: z.string().nullable(),
  result: jsonObject.nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  claimed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

/** A result's text: what the agent said in `message` (or `text`, `summary`), as n8n's workflows put it. */
export function resultTextOf(result: Record<string, unknown> | null | undefined): string | null {
  for (const key of ["message", "text", "summary"]) {
    const value = result?.[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return null;
}

export const JOBS_PAGE_SIZE = 50;
// A cursor, not a page number: jobs arrive while an owner reads, and an offset would repeat rows.
export const listJobsQuery = z.object({
  state: z.enum(jobStates).optional(),
  cursor: z.string().max(200).optional(),
});
export type ListJobsQuery = z.infer<typeof listJobsQuery>;
export const jobsPage = z.object({ jobs: z.array(jobRow), next_cursor: z.string().nullable() });
export type JobsPage = z.infer<typeof jobsPage>;

export const jobCounts = z.object({ queued: z.number(), sent: z.number(), done: z.number(), failed: z.number() });
export type JobCounts = z.infer<typeof jobCounts>;
export const jobsSummary = z.object({ today: jobCounts, last_run_at: z.string().nullable(), last_state: z.enum(jobStates).nullable() });
export type JobsSummary = z.infer<typeof jobsSummary>;
