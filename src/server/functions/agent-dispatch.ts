import type { Context } from "hono";
import { can } from "@/shared/permissions";
import { agentDispatchInput, type AgentDispatchResponse } from "@/shared/jobs";
import type { AppEnv } from "../context";
import { requireUser } from "../auth/session";
import { budgetDepsOf, chargeBudget } from "../lib/budgets";
import { parseBody } from "../lib/parse";
import { dispatchAgentJob } from "../modules/jobs/dispatch-agent-job";
import { forbidden } from "../modules/organisations/org-scope";
import { assertTwoFactorAllowed } from "../modules/organisations/organisation-security";
import { requireMembership } from "../modules/organisations/require-membership";

/**
 * The spec's agent-dispatch: queues a job for the organisation's n8n agent and answers at once
 * with its id. The body names the organisation, so the caller's role there is checked, never assumed.
 */
export async function agentDispatch(c: Context<AppEnv>) {
  const user = requireUser(c);
  const { org_id, ...input } = await parseBody(c, agentDispatchInput);
  const { database, queue, clock } = c.get("services");
  const scope = await requireMembership(database.db, user.id, org_id);
  await assertTwoFactorAllowed(database.db, user, scope);
  if (!can(scope.role, "agent.manage")) throw forbidden("agent.manage");
  await chargeBudget(budgetDepsOf(c), "agent", { userId: user.id, orgId: org_id });
  const { jobId } = await dispatchAgentJob({ db: database.db, queue, scope, now: clock.now }, input);
  const body: AgentDispatchResponse = { ok: true, error: null, job_id: jobId };
  return c.json(body);
}
