import { exportHash, isRecord, toN8n } from "@/shared/n8n";
import type { DeploymentStatus, WorkflowDeployment } from "@/shared/workflows";
import { callN8nApi, workflowTail } from "./n8n-api";
import { n8nAccessOf } from "./n8n-access";
import { n8nPublicBody } from "./n8n-public-body";
import { describeN8nFailure, successOf } from "./n8n-refusal";
import type { WorkflowCtx } from "./workflow-ctx";
import { deploymentOf, draftOf, requireWorkflowRow, type AutomationRow } from "./workflow-row";

/** A workflow as n8n answers it: enough of it to hash and to say whether it runs. */
export type N8nCopy = Record<string, unknown> & { nodes: unknown[]; connections: unknown };

export const asN8nCopy = (json: unknown): N8nCopy | null => (isRecord(json) && Array.isArray(json.nodes) ? (json as N8nCopy) : null);

/** Hashed as a deploy sends it, so "in sync" means n8n holds what a deploy now would send. */
const savedHashOf = (row: AutomationRow) => exportHash(n8nPublicBody(toN8n(draftOf(row))));

/** n8n's copy against the saved workflow: the fingerprint ignores what n8n adds on save (ids, timestamps). */
export function statusOfCopy(row: AutomationRow, deployment: WorkflowDeployment, copy: N8nCopy): DeploymentStatus {
  const active = copy.active === true;
  const isSame = exportHash(copy) === savedHashOf(row);
  const inSync = active ? "n8n has the saved workflow (active)" : "n8n has the saved workflow (inactive)";
  return {
    state: isSame ? "in_sync" : "differs",
    active,
    n8nWorkflowId: deployment.n8nWorkflowId,
    deployedAt: deployment.deployedAt,
    message: isSame ? inSync : "n8n's copy differs from the saved workflow: deploy again to replace it",
    setup: null,
  };
}

/** What n8n holds for the workflow now. It only reads (n8n, and the row): nothing is stored. */
export async function getDeploymentStatus(ctx: WorkflowCtx, id: string): Promise<DeploymentStatus> {
  const row = await requireWorkflowRow(ctx.db, ctx.scope, id);
  const deployment = deploymentOf(row);
  const known = { active: null, n8nWorkflowId: deployment?.n8nWorkflowId ?? null, deployedAt: deployment?.deployedAt ?? null, setup: null };
  const access = await n8nAccessOf(ctx);
  if (!access.ok) return { state: "not_configured", ...known, message: access.message, setup: access.missing };
  if (!deployment) return { state: "not_deployed", ...known, message: "Not deployed to n8n yet" };

  const answer = await callN8nApi(access, "GET", workflowTail(deployment.n8nWorkflowId));
  const reading = "reading the workflow";
  if (answer.ok && answer.status === 404) return { state: "missing", ...known, message: `n8n no longer has workflow ${deployment.n8nWorkflowId}: deploy again to create it anew` };
  // A refused key is set-up to fix, like a missing one.
  if (answer.ok && (answer.status === 401 || answer.status === 403)) return { state: "not_configured", ...known, message: describeN8nFailure(answer, reading), setup: "api_key" };
  const success = successOf(answer);
  if (!success) return { state: "unreachable", ...known, message: describeN8nFailure(answer, reading) };
  const copy = asN8nCopy(success.json);
  if (!copy) return { state: "unreachable", ...known, message: "n8n answered without the workflow's nodes" };
  return statusOfCopy(row, deployment, copy);
}
