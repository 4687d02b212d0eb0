import { eq, sql } from "drizzle-orm";
import type { DiagnosticsSnapshot, QueueFigures } from "@/shared/diagnostics";
import { jobStates } from "@/shared/jobs";
import type { Services } from "../../context";
import { agentJobs } from "../../db/schema";
import { describeDatabaseError } from "../../lib/database-errors";
import type { Ctx } from "../organisations/org-scope";
import { versionsOf } from "./versions";

type Sources = Pick<Services, "database" | "queue" | "metrics" | "env">;

/** This organisation's agent jobs by state; the queue's own counts are every organisation's jobs, ids only. */
async function queueFiguresOf({ db, scope }: Ctx, queue: Sources["queue"]): Promise<QueueFigures> {
  const rows = await db.select({ state: agentJobs.state, n: sql<number>`count(*)::int` }).from(agentJobs).where(eq(agentJobs.orgId, scope.orgId)).groupBy(agentJobs.state);
  const agentJobCounts = Object.fromEntries(jobStates.map((state) => [state, 0])) as QueueFigures["agentJobs"];
  for (const { state, n } of rows) if (state in agentJobCounts) agentJobCounts[state as keyof QueueFigures["agentJobs"]] = Number(n);
  try {
    return { queues: await queue.depth(), error: null, agentJobs: agentJobCounts };
  } catch (error) {
    // The page still shows the rest; the reason is the database's code, never a statement's values.
    const reason = describeDatabaseError(error)?.sqlstate ?? (error instanceof Error ? error.name : "error");
    return { queues: null, error: `The job queue's tables could not be read (${String(reason)})`, agentJobs: agentJobCounts };
  }
}

/**
 * The operator's snapshot (/app/diagnostics): this process's request and query figures (every
 * organisation's, as counts and patterns only), the queue's depth and this organisation's jobs.
 */
export async function getDiagnostics(ctx: Ctx, sources: Sources): Promise<DiagnosticsSnapshot> {
  const [queue, versions] = await Promise.all([queueFiguresOf(ctx, sources.queue), versionsOf(sources.database, sources.env)]);
  return {
    generatedAt: ctx.now().toISOString(),
    requests: sources.metrics.snapshot(),
    queries: sources.database.queries.snapshot(),
    queue,
    versions,
  };
}
