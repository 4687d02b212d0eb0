import { eq } from "drizzle-orm";
import { z } from "zod";
import { JOB_MAX_ATTEMPTS } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs } from "../../db/schema";
import type { Env } from "../../env";
import { publishChange } from "../../lib/events";
import type { Logger } from "../../lib/logger";
import type { Queue, Worker } from "../../lib/queue";
import { agentWebhookPath } from "./agent-webhook-path";
import { DISPATCH_QUEUE } from "./dispatch-agent-job";
import { readAcceptance } from "./n8n-acceptance";
import { postToN8nWebhook } from "./n8n-webhook";

export type DispatchDeps = {
  db: Db;
  env: Pick<Env, "N8N_BASE" | "N8N_AGENT_SECRET" | "APP_URL" | "OUTBOUND_TIMEOUT_MS" | "JOB_RETRY_BASE_MS">;
  queue: Pick<Queue, "send">;
  now: () => Date;
  logger: Logger;
  /** Told once a job has failed for good (its starter may want a mail). */
  onFailed?: (jobId: string) => Promise<void>;
};

const message = z.object({ job_id: z.uuid() });
type Job = typeof agentJobs.$inferSelect;

/** The callback addresses n8n's workflow uses: the claim before its work, the report after. */
export const agentCallbacks = (appUrl: string) => {
  const base = `${appUrl.replace(/\/+$/, "")}/functions/v1`;
  return { callback_url: `${base}/agent-inbox`, claim_url: `${base}/agent-claim` };
};

/**
 * The worker that delivers queued agent jobs to n8n, one try per queue message. Its run may take
 * the outbound call's time and a few statements; a run cut short (the instance stopped or died) is
 * taken up again from its row, and n8n's claim makes sure the work is done once.
 */
export function dispatchWorker(deps: DispatchDeps): Worker {
  return {
    queue: DISPATCH_QUEUE,
    timeLimitMs: deps.env.OUTBOUND_TIMEOUT_MS + 5_000,
    maxAttempts: 5,
    retryDelayMs: 5_000,
    handle: async ({ data, signal }) => {
      const parsed = message.safeParse(data);
      if (!parsed.success) return deps.logger.warn("agent job message not understood; dropped", { data: JSON.stringify(data).slice(0, 200) });
      await deliverJob(deps, parsed.data.job_id, signal);
    },
  };
}

/**
 * One try. The row is claimed (sending, one more attempt) and settled under its lock, but not
 * held during the call: a slow n8n must not hold a connection. A settle finding the job already
 * done (n8n called back first) or failed leaves it so; n8n sees the job id as its idempotency key.
 */
export async function deliverJob(deps: DispatchDeps, jobId: string, signal?: AbortSignal): Promise<void> {
  const job = await claim(deps, jobId);
  if (!job) return;
  const { N8N_BASE, N8N_AGENT_SECRET } = deps.env;
  // Not configured is not passing: retrying would not help, so the job fails now, saying why.
  if (!N8N_BASE) return settleFailure(deps, job, "N8N_BASE is not configured", true);
  if (!N8N_AGENT_SECRET) return settleFailure(deps, job, "N8N_AGENT_SECRET is not configured", true);
  const payload = {
    job_id: job.id,
    org_id: job.orgId,
    project_id: job.projectId,
    agent_id: job.agentId ?? job.agentKey,
    message: job.message,
    context: job.context,
    ...agentCallbacks(deps.env.APP_URL),
  };
  const webhookPath = await agentWebhookPath(deps.db, job.orgId, job.agentId);
  const answer = await postToN8nWebhook({ n8nBase: N8N_BASE, secretHex: N8N_AGENT_SECRET, webhookPath, id: job.id, payload, now: deps.now(), timeoutMs: deps.env.OUTBOUND_TIMEOUT_MS, signal });
  // Stopping mid-call: the row stays 'sending' and the queue hands the job back; the next try resends.
  if (signal?.aborted) throw new Error("stopped while n8n was being called");
  const acceptance = readAcceptance(answer, job.id);
  if (acceptance.accepted) return settleSent(deps, job.id);
  return settleFailure(deps, job, acceptance.reason, false);
}

async function claim(deps: DispatchDeps, jobId: string): Promise<Job | null> {
  return deps.db.transaction(async (tx) => {
    const [job] = await tx.select().from(agentJobs).where(eq(agentJobs.id, jobId)).for("update");
    // 'sending' here means a try that never settled (the process stopped mid-call): try again.
    if (!job || (job.state !== "queued" && job.state !== "sending")) return null;
    const [claimed] = await tx.update(agentJobs).set({ state: "sending", attempts: job.attempts + 1, updatedAt: deps.now() }).where(eq(agentJobs.id, jobId)).returning();
    return claimed ?? null;
  });
}

async function settleSent(deps: DispatchDeps, jobId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [job] = await tx.select({ state: agentJobs.state, sentAt: agentJobs.sentAt, orgId: agentJobs.orgId }).from(agentJobs).where(eq(agentJobs.id, jobId)).for("update");
    if (!job) return;
    const now = deps.now();
    if (job.state === "sending") {
      await tx.update(agentJobs).set({ state: "sent", sentAt: now, lastError: null, updatedAt: now }).where(eq(agentJobs.id, jobId));
      await publishChange(tx, job.orgId, { entity: "job", id: jobId, action: "updated" });
    } else if (!job.sentAt) {
      await tx.update(agentJobs).set({ sentAt: now }).where(eq(agentJobs.id, jobId));
    }
  });
}

/** Backs off base, 2×base, 4×base…; after the last try, or when retrying cannot help, the job fails. */
async function settleFailure(deps: DispatchDeps, claimed: Job, error: string, isFinal: boolean): Promise<void> {
  let failedForGood = false;
  await deps.db.transaction(async (tx) => {
    const [job] = await tx.select({ state: agentJobs.state, attempts: agentJobs.attempts }).from(agentJobs).where(eq(agentJobs.id, claimed.id)).for("update");
    if (!job || job.state !== "sending") return;
    const now = deps.now();
    if (isFinal || job.attempts >= JOB_MAX_ATTEMPTS) {
      await tx.update(agentJobs).set({ state: "failed", lastError: error, finishedAt: now, updatedAt: now }).where(eq(agentJobs.id, claimed.id));
      failedForGood = true;
    } else {
      await tx.update(agentJobs).set({ state: "queued", lastError: error, updatedAt: now }).where(eq(agentJobs.id, claimed.id));
      // The queue compares startAfter with the database's clock, so the delay is real time.
      const startAfter = new Date(Date.now() + deps.env.JOB_RETRY_BASE_MS * 2 ** (job.attempts - 1));
      await deps.queue.send(DISPATCH_QUEUE, { job_id: claimed.id }, { tx, startAfter, key: claimed.orgId });
    }
    await publishChange(tx, claimed.orgId, { entity: "job", id: claimed.id, action: "updated" });
  });
  deps.logger.warn("agent job not delivered", { jobId: claimed.id, attempts: claimed.attempts, error });
  if (failedForGood) await deps.onFailed?.(claimed.id);
}
