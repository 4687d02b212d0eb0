import { and, eq, isNull } from "drizzle-orm";
import { finishedJobStates, type AgentClaimInput, type AgentClaimResponse, type JobState } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs, agentPings } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";

export type ClaimAnswer = { status: 200 | 409; body: AgentClaimResponse };

/**
 * n8n's workflow asks before doing a job's work. The first claim wins (200); a job delivered again
 * (after a timeout, a restart, a retry) is refused (409), so its work runs once. A claim also proves
 * n8n has the job: one still 'sending' (our call to n8n timed out, or was cut) is 'sent' now. A
 * Test's ping is answered here too, which completes the Test's round trip. The caller verified
 * n8n's signature; the job must be the named organisation's, or it is not found.
 */
export async function claimAgentJob(ctx: { db: Db; now: () => Date }, input: AgentClaimInput): Promise<ClaimAnswer> {
  return ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ state: agentJobs.state, claimedAt: agentJobs.claimedAt, sentAt: agentJobs.sentAt })
      .from(agentJobs)
      .where(and(eq(agentJobs.id, input.job_id), eq(agentJobs.orgId, input.org_id)))
      .for("update");
    if (!job) return answerPing(tx, input, ctx.now());
    if (job.claimedAt) return { status: 409, body: { claimed: false, job_id: input.job_id, code: "already_claimed" } };
    if (finishedJobStates.includes(job.state as JobState)) return { status: 409, body: { claimed: false, job_id: input.job_id, code: "already_finished" } };
    const now = ctx.now();
    await tx
      .update(agentJobs)
      .set({ claimedAt: now, state: "sent", sentAt: job.sentAt ?? now, lastError: null, updatedAt: now })
      .where(eq(agentJobs.id, input.job_id));
    await publishChange(tx, input.org_id, { entity: "job", id: input.job_id, action: "updated" });
    return { status: 200, body: { claimed: true, job_id: input.job_id } };
  });
}

async function answerPing(tx: Pick<Db, "update">, input: AgentClaimInput, now: Date): Promise<ClaimAnswer> {
  const [ping] = await tx
    .update(agentPings)
    .set({ answeredAt: now })
    .where(and(eq(agentPings.id, input.job_id), eq(agentPings.orgId, input.org_id), isNull(agentPings.answeredAt)))
    .returning({ id: agentPings.id });
  if (!ping) throw new AppError("not_found", "Job not found");
  return { status: 200, body: { claimed: false, job_id: input.job_id, ping: true } };
}
