import type { Agent, AgentSetup, SetupStep } from "@/shared/agents";
import type { JobState } from "@/shared/jobs";
import { WORKFLOW_SERVICE_SILENT } from "../../lib/operator-addresses";
import { lastJob } from "../jobs/count-jobs";
import { asJobState } from "../jobs/job-row";
import type { AgentCtx } from "./agent-ctx";
import { agentReadiness } from "./agent-readiness";
import { getAgent } from "./get-agent";
import { isN8nHealthy } from "./n8n-health";

/** n8n's health is asked with a short cap: the Quickstart must not hang for the full outbound timeout. */
const HEALTH_TIMEOUT_MS = 3_000;

/**
 * The Quickstart's five steps, each checked now: nothing says done without its check having
 * passed. `ready` is what the agent-ready function answers (the same code). The secrets' values
 * are never returned, only whether they are set.
 */
export async function getAgentSetup(ctx: AgentCtx, operator = false): Promise<AgentSetup> {
  const { db, scope, n8n } = ctx;
  const now = ctx.now();
  const ready = agentReadiness(n8n, now);
  const [agent, job, health] = await Promise.all([
    getAgent(ctx),
    lastJob(db, scope.orgId),
    n8n.n8nBase ? isN8nHealthy(n8n.n8nBase, Math.min(HEALTH_TIMEOUT_MS, n8n.timeoutMs)) : Promise.resolve(null),
  ]);
  const missing = [!ready.n8n_base_set && "N8N_BASE", !ready.hmac_set && "N8N_AGENT_SECRET"].filter((name) => name !== false);

  const steps: SetupStep[] = [
    ready.ok
      ? { key: "secrets", state: "done", detail: "N8N_BASE and N8N_AGENT_SECRET are set", at: null }
      : { key: "secrets", state: "todo", detail: missing.length > 1 ? "N8N_BASE and N8N_AGENT_SECRET are not set on the server" : `${missing[0]} is not set on the server`, at: null },
    ready.ok
      ? { key: "functions", state: "done", detail: "agent-ready answers ok: agent-dispatch and agent-inbox can sign and verify", at: ready.timestamp }
      : { key: "functions", state: "todo", detail: missing.length > 1 ? "agent-ready answers, but not ready: N8N_BASE and N8N_AGENT_SECRET are missing" : `agent-ready answers, but not ready: ${missing[0]} is missing`, at: ready.timestamp },
    // n8n's address is the operator's: anyone else reads whether it answered, not where it lives.
    workflowStep(health && !operator ? { ok: health.ok, detail: health.ok ? "n8n is up" : WORKFLOW_SERVICE_SILENT } : health, agent?.last_success_at ?? null),
    agentStep(agent),
    jobStep(job),
  ];
  return { steps, checked_at: now.toISOString() };
}

/** Whole sentences per state, so each translates as one (shared/i18n/messages). */
const lastJobIs: Record<Exclude<JobState, "failed">, string> = {
  queued: "The last job is queued",
  sending: "The last job is being sent to n8n",
  sent: "The last job was sent to n8n and has not reported back yet",
  done: "The last job is done",
};

function jobStep(job: Awaited<ReturnType<typeof lastJob>>): SetupStep {
  if (!job) return { key: "jobs", state: "todo", detail: "No job seen yet", at: null };
  const at = (job.finishedAt ?? job.createdAt).toISOString();
  const state = asJobState(job.state);
  if (state === "failed") return { key: "jobs", state: "failed", detail: job.lastError ? `The last job failed: ${job.lastError}` : "The last job failed", at };
  // Only a job n8n reported done shows the round trip works; one still on its way proves nothing yet.
  return { key: "jobs", state: state === "done" ? "done" : "todo", detail: lastJobIs[state], at };
}

function workflowStep(health: { ok: boolean; detail: string } | null, lastSuccessAt: string | null): SetupStep {
  if (!health) return { key: "workflow", state: "todo", detail: "Set N8N_BASE first", at: null };
  if (!health.ok) return { key: "workflow", state: "failed", detail: health.detail, at: null };
  if (!lastSuccessAt) return { key: "workflow", state: "todo", detail: `${health.detail}; the agent's webhook has not answered a test yet`, at: null };
  return { key: "workflow", state: "done", detail: `${health.detail}; the webhook answered a test`, at: lastSuccessAt };
}

/** "Create and test the agent": done only once it exists, is enabled and its latest test passed. */
function agentStep(agent: Agent | null): SetupStep {
  if (!agent) return { key: "agent", state: "todo", detail: "No agent yet", at: null };
  if (agent.status !== "enabled") return { key: "agent", state: "todo", detail: `${agent.name} is disabled`, at: agent.updated_at };
  const test = agent.last_test;
  if (!test) return { key: "agent", state: "todo", detail: `${agent.name} is enabled but not tested yet`, at: agent.updated_at };
  if (!test.ok) return { key: "agent", state: "failed", detail: `${agent.name}'s last test failed: ${test.message}`, at: test.at };
  return { key: "agent", state: "done", detail: `${agent.name} is enabled and its last test passed`, at: test.at };
}
