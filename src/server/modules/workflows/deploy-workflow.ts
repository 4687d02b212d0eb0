import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { exportHash, toN8n, type N8nExport } from "@/shared/n8n";
import type { deployWorkflowInput, DeploymentStatus, Workflow, WorkflowDeployment } from "@/shared/workflows";
import { automations } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { asN8nCopy, statusOfCopy, type N8nCopy } from "./deployment-status";
import { callN8nApi, workflowTail, type N8nApiAccess } from "./n8n-api";
import { n8nAccessOf } from "./n8n-access";
import { n8nPublicBody } from "./n8n-public-body";
import { describeN8nFailure, n8nFailure, successOf } from "./n8n-refusal";
import { withDeployLease } from "./deploy-lease";
import { recordWorkflowChange } from "./record-workflow-change";
import type { WorkflowCtx } from "./workflow-ctx";
import { deploymentOf, draftOf, findWorkflowRow, requireWorkflowRow, toWorkflow } from "./workflow-row";

type Saved = { id: string; copy: N8nCopy | null; created: boolean };

const idOf = (copy: N8nCopy | null): string | null => (typeof copy?.id === "string" || typeof copy?.id === "number" ? String(copy.id) : null);

/** Replaces the copy the last deploy made; creates one when there is none, or n8n lost it (404). */
async function saveOnN8n(access: N8nApiAccess, previousId: string | undefined, body: N8nExport): Promise<Saved> {
  if (previousId) {
    const put = await callN8nApi(access, "PUT", workflowTail(previousId), body);
    const replaced = successOf(put);
    if (replaced) return { id: previousId, copy: asN8nCopy(replaced.json), created: false };
    if (!put.ok || put.status !== 404) throw n8nFailure(put, "saving the workflow");
  }
  const post = await callN8nApi(access, "POST", "", body);
  const created = successOf(post);
  if (!created) throw n8nFailure(post, "creating the workflow");
  const copy = asN8nCopy(created.json);
  const id = idOf(copy);
  if (!id) throw new AppError("upstream_failed", "n8n answered the create without the new workflow's id");
  return { id, copy, created: true };
}

type Switched = { active: boolean; copy: N8nCopy | null; failure?: AppError };

/**
 * Activates on request; otherwise a copy n8n runs is deactivated, so what was deployed is what runs.
 * The active flag recorded is the one n8n gives when asked afterwards, not the one requested.
 */
async function switchActive(access: N8nApiAccess, saved: Saved, activate: boolean): Promise<Switched> {
  const wasActive = saved.copy?.active === true;
  if (!activate && !wasActive) return { active: false, copy: saved.copy };
  const doing = activate ? "activating the workflow" : "deactivating the workflow";
  const answer = await callN8nApi(access, "POST", workflowTail(saved.id, activate ? "/activate" : "/deactivate"));
  const switched = successOf(answer);
  const failure = switched ? undefined : new AppError("upstream_failed", `The workflow was sent to n8n, but ${describeN8nFailure(answer, doing)}`);
  const readBack = successOf(await callN8nApi(access, "GET", workflowTail(saved.id)));
  const copy = asN8nCopy(readBack?.json) ?? asN8nCopy(switched?.json) ?? saved.copy;
  return { active: typeof copy?.active === "boolean" ? copy.active : switched ? activate : wasActive, copy, ...(failure ? { failure } : {}) };
}

/**
 * Sends the saved workflow to n8n's API, then records where it went in config_json.deployment.
 * The version is not bumped: a deploy changes nothing the editor holds, so a Save from an editor
 * open meanwhile must still land. n8n is called before any transaction opens (each call may take
 * up to the time cap); the record is merged onto the row as it is then, locked.
 */
export async function deployWorkflow(ctx: WorkflowCtx, id: string, input: z.infer<typeof deployWorkflowInput>): Promise<{ workflow: Workflow; status: DeploymentStatus }> {
  await requireWorkflowRow(ctx.db, ctx.scope, id);
  const access = await n8nAccessOf(ctx);
  if (!access.ok) throw new AppError("conflict", access.message);
  // Each of n8n's calls may take the time cap; a deploy makes up to five.
  const timing = { leaseMs: 6 * ctx.timeoutMs, waitMs: 6 * ctx.timeoutMs };
  return withDeployLease(ctx, id, timing, () => deployOnce(ctx, id, access, input));
}

async function deployOnce(ctx: WorkflowCtx, id: string, access: N8nApiAccess, input: z.infer<typeof deployWorkflowInput>): Promise<{ workflow: Workflow; status: DeploymentStatus }> {
  const { db, scope, now } = ctx;
  // Read under the lease: a deploy that waited sees the copy the one before it made.
  const row = await requireWorkflowRow(db, scope, id);
  const body = n8nPublicBody(toN8n(draftOf(row)));
  const previousId = deploymentOf(row)?.n8nWorkflowId;

  const saved = await saveOnN8n(access, previousId, body);
  const switched = await switchActive(access, saved, input.activate);
  const deployment: WorkflowDeployment = { n8nWorkflowId: saved.id, deployedAt: now().toISOString(), exportHash: exportHash(body), active: switched.active };

  const { stored, superseded } = await db.transaction(async (tx) => {
    const locked = await findWorkflowRow(tx, scope, id, "lock");
    if (!locked) throw new AppError("not_found", `The workflow was deleted while it was deployed; n8n keeps its copy (${saved.id})`);
    // Two deploys that both found no copy each made one: the later record wins, the other copy goes.
    const current = deploymentOf(locked)?.n8nWorkflowId;
    const superseded = current && current !== previousId && current !== saved.id ? current : null;
    const [updated] = await tx
      .update(automations)
      .set({ configJson: sql`${automations.configJson} || ${JSON.stringify({ deployment })}::jsonb` })
      .where(and(eq(automations.id, id), eq(automations.orgId, scope.orgId)))
      .returning();
    await recordWorkflowChange(tx, scope, id, "workflow.deploy", {
      n8n_workflow_id: saved.id,
      created: saved.created,
      active: deployment.active,
      export_hash: deployment.exportHash,
      ...(switched.failure ? { error: switched.failure.message } : {}),
    });
    return { stored: updated!, superseded };
  });
  if (superseded) await callN8nApi(access, "DELETE", workflowTail(superseded));
  if (switched.failure) throw switched.failure;

  const copy = switched.copy ?? { ...body, active: deployment.active };
  return { workflow: toWorkflow(stored), status: statusOfCopy(stored, deployment, copy) };
}
