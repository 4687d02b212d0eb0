import { and, count, eq } from "drizzle-orm";
import type { AgentSummary } from "@/shared/agents";
import { automations } from "../../db/schema";
import { countJobs, lastJob, totalOf } from "../jobs/count-jobs";
import type { Ctx } from "../organisations/org-scope";
import { getAgent } from "./get-agent";

/** The dashboard's figures: the agent's state and last test, today's jobs, the last run and the workflows. */
export async function getAgentSummary(ctx: Ctx, since: Date): Promise<AgentSummary> {
  const { db, scope } = ctx;
  const [agent, today, last, [workflows]] = await Promise.all([
    getAgent(ctx),
    countJobs(db, since, scope.orgId),
    lastJob(db, scope.orgId),
    db.select({ n: count() }).from(automations).where(and(eq(automations.orgId, scope.orgId), eq(automations.trigger, "workflow"))),
  ]);
  return {
    agent: {
      exists: Boolean(agent),
      enabled: agent?.status === "enabled",
      last_test_ok: agent?.last_test?.ok ?? null,
      last_test_at: agent?.last_test?.at ?? null,
    },
    jobs_today: totalOf(today),
    last_run_at: last?.createdAt.toISOString() ?? null,
    workflows: workflows?.n ?? 0,
  };
}
