import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { JobCounts, JobsSummary } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs } from "../../db/schema";
import { asJobState } from "./job-row";

/** Midnight UTC of the given day: "today" for counts shared by everyone on the status page. */
export const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Jobs created since `since`, by state (queued includes one being sent right now); of one
 * organisation, or of all of them for the platform's status figures.
 */
export async function countJobs(db: Pick<Db, "select">, since: Date, orgId?: string): Promise<JobCounts> {
  const where: SQL | undefined = and(gte(agentJobs.createdAt, since), orgId ? eq(agentJobs.orgId, orgId) : undefined);
  const rows = await db.select({ state: agentJobs.state, n: sql<number>`count(*)::int` }).from(agentJobs).where(where).groupBy(agentJobs.state);
  const counts: JobCounts = { queued: 0, sent: 0, done: 0, failed: 0 };
  for (const { state, n } of rows) {
    const key = state === "sending" ? "queued" : asJobState(state);
    if (key in counts) counts[key as keyof JobCounts] += Number(n);
  }
  return counts;
}

/** Every state maps to one of the counts, so their sum is every job counted. */
export const totalOf = (counts: JobCounts) => counts.queued + counts.sent + counts.done + counts.failed;

/** The organisation's newest job (the jobs summary, the agent's summary and its Quickstart). */
export async function lastJob(db: Pick<Db, "select">, orgId: string) {
  const [last] = await db
    .select({ createdAt: agentJobs.createdAt, finishedAt: agentJobs.finishedAt, state: agentJobs.state, lastError: agentJobs.lastError })
    .from(agentJobs)
    .where(eq(agentJobs.orgId, orgId))
    .orderBy(desc(agentJobs.createdAt))
    .limit(1);
  return last;
}

export async function summariseJobs(db: Pick<Db, "select">, orgId: string, now: Date): Promise<JobsSummary> {
  const today = await countJobs(db, startOfUtcDay(now), orgId);
  const last = await lastJob(db, orgId);
  return { today, last_run_at: last?.createdAt.toISOString() ?? null, last_state: last ? asJobState(last.state) : null };
}
