import { and, eq } from "drizzle-orm";
import { finishedJobStates, type AgentInboxInput, type JobState } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";

/**
 * n8n's report on a job (agent-inbox), already verified as signed by n8n. The job must be the
 * organisation's; otherwise it is simply not found, never "someone else's". A job already
 * finished is left as it is: a replayed or repeated report changes nothing.
 */
export async function recordJobResult(ctx: { db: Db; now: () => Date }, input: AgentInboxInput): Promise<{ duplicate: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ state: agentJobs.state, sentAt: agentJobs.sentAt })
      .from(agentJobs)
      .where(and(eq(agentJobs.id, input.job_id), eq(agentJobs.orgId, input.org_id)))
      .for("update");
    if (!job) throw new AppError("not_found", "Job not found");
    if (finishedJobStates.includes(job.state as JobState)) return { duplicate: true };
    const now = ctx.now();
    const result = input.result ?? null;
    const lastError = input.status === "failed" ? (input.error ?? "The agent reported a failure") : null;
    // A report can overtake the worker's own note that n8n took the job; either way it was sent.
    await tx.update(agentJobs).set({ state: input.status, result, lastError, sentAt: job.sentAt ?? now, finishedAt: now, updatedAt: now }).where(eq(agentJobs.id, input.job_id));
    await publishChange(tx, input.org_id, { entity: "job", id: input.job_id, action: "updated" });
    return { duplicate: false };
  });
}
