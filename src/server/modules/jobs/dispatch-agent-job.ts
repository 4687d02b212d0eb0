import { and, eq } from "drizzle-orm";
import type { AgentDispatchInput } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs, automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Queue } from "../../lib/queue";
import type { OrgScope } from "../organisations/require-membership";
import { projectOfOrg } from "../tasks/project-of-org";

export const DISPATCH_QUEUE = "agent-dispatch";
export type DispatchMessage = { job_id: string };
export type DispatchCtx = { db: Db; queue: Pick<Queue, "send">; scope: OrgScope; now: () => Date };

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * Queues a job for the organisation's n8n agent and returns at once; dispatch-worker.ts delivers
 * it. The row and the queue's job are written in one transaction, so neither exists without the
 * other. agent_id is one of the organisation's agents or a built-in key such as 'project-healer'.
 */
export async function dispatchAgentJob(ctx: DispatchCtx, input: Omit<AgentDispatchInput, "org_id">): Promise<{ jobId: string }> {
  const { db, scope, queue } = ctx;
  return db.transaction(async (tx) => {
    if (input.project_id) await projectOfOrg(tx, scope.orgId, input.project_id);
    let agentId: string | null = null;
    let agentKey: string | null = null;
    if (input.agent_id && isUuid(input.agent_id)) {
      const [agent] = await tx
        .select({ id: automations.id })
        .from(automations)
        .where(and(eq(automations.id, input.agent_id), eq(automations.orgId, scope.orgId), eq(automations.trigger, "agent")));
      if (!agent) throw new AppError("not_found", "Agent not found");
      agentId = agent.id;
    } else if (input.agent_id) {
      agentKey = input.agent_id;
    }
    const now = ctx.now();
    const [row] = await tx
      .insert(agentJobs)
      .values({ orgId: scope.orgId, agentId, agentKey, projectId: input.project_id ?? null, message: input.message, context: input.context, createdBy: scope.userId, createdAt: now, updatedAt: now })
      .returning({ id: agentJobs.id });
    const jobId = row!.id;
    const message: DispatchMessage = { job_id: jobId };
    await queue.send(DISPATCH_QUEUE, message, { tx, key: scope.orgId });
    await publishChange(tx, scope.orgId, { entity: "job", id: jobId, action: "created" });
    return { jobId };
  });
}
