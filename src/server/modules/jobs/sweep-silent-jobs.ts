import { and, eq, lt } from "drizzle-orm";
import { JOB_MAX_ATTEMPTS } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs } from "../../db/schema";
import { publishChange } from "../../lib/events";
import type { Queue } from "../../lib/queue";
import { DISPATCH_QUEUE } from "./dispatch-agent-job";

export type SweepDeps = { db: Db; queue: Pick<Queue, "send">; now: () => Date; reportTimeoutMs: number; onFailed?: (jobId: string) => Promise<void> };

const BATCH = 50;

/**
 * Jobs n8n took but never reported on, `reportTimeoutMs` after they were sent. One n8n never claimed
 * (its workflow stopped before the claim, or could not reach us) is sent again, or failed after its
 * last try; one it claimed is failed, since its work may have run: doing it again is not ours to
 * decide. Rows another instance is sweeping are skipped. Returns how many were moved on.
 */
export async function sweepSilentJobs(deps: SweepDeps): Promise<{ retried: number; failed: number }> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - deps.reportTimeoutMs);
  const minutes = Math.max(1, Math.round(deps.reportTimeoutMs / 60_000));
  const failed: string[] = [];
  let retried = 0;
  await deps.db.transaction(async (tx) => {
    const silent = await tx
      .select({ id: agentJobs.id, orgId: agentJobs.orgId, attempts: agentJobs.attempts, claimedAt: agentJobs.claimedAt })
      .from(agentJobs)
      .where(and(eq(agentJobs.state, "sent"), lt(agentJobs.sentAt, cutoff)))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const job of silent) {
      const giveUp = job.claimedAt !== null || job.attempts >= JOB_MAX_ATTEMPTS;
      const lastError = job.claimedAt ? `n8n took the job but sent no report within ${minutes} min` : `No report from n8n within ${minutes} min`;
      if (giveUp) {
        await tx.update(agentJobs).set({ state: "failed", lastError, finishedAt: now, updatedAt: now }).where(eq(agentJobs.id, job.id));
        failed.push(job.id);
      } else {
        await tx.update(agentJobs).set({ state: "queued", lastError, sentAt: null, updatedAt: now }).where(eq(agentJobs.id, job.id));
        await deps.queue.send(DISPATCH_QUEUE, { job_id: job.id }, { tx, key: job.orgId });
        retried++;
      }
      await publishChange(tx, job.orgId, { entity: "job", id: job.id, action: "updated" });
    }
  });
  for (const id of failed) await deps.onFailed?.(id);
  return { retried, failed: failed.length };
}
