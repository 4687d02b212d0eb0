import { SYSTEM_HEALER_AGENT, type ManualFixResponse, type PlatformIssue } from "@/shared/platform-health";
import { recordAudit } from "../../../lib/audit";
import { dispatchAgentJob } from "../../jobs/dispatch-agent-job";
import type { OrgScope } from "../../organisations/require-membership";
import { ensureMayRepair } from "./apply-platform-fix";
import { readHealingConfig } from "./healing-config";
import type { PlatformDeps } from "./platform-deps";
import { scanOf } from "./platform-scan-row";
import { issueIn, lockScan, saveIssue } from "./platform-scan-store";

/**
 * Manual Fix (spec §4): a job for agent 'system-healer', signed and sent to n8n by the dispatch
 * worker. The issue keeps the job's id, so the page can say a person's agent has it.
 */
export async function dispatchManualFix(deps: PlatformDeps, scope: OrgScope, scanId: string, issueId: string, operator = false): Promise<ManualFixResponse> {
  const issue: PlatformIssue = await deps.db.transaction(async (tx) => issueIn(await lockScan(tx, scope.orgId, scanId), issueId));
  ensureMayRepair({ operator }, issue);
  const { jobId } = await dispatchAgentJob(
    { db: deps.db, queue: deps.queue, scope, now: deps.now },
    {
      agent_id: SYSTEM_HEALER_AGENT,
      message: `Manual fix requested: ${issue.description}`,
      context: { scan_id: scanId, issue_id: issue.id, code: issue.code, type: issue.type, severity: issue.severity, target: issue.target },
    },
  );
  const threshold = (await readHealingConfig(deps.db, scope.orgId)).notification_threshold;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockScan(tx, scope.orgId, scanId);
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "health.manual_fix_dispatched", targetType: "health_scan", targetId: scanId, details: { issue_id: issueId, code: issue.code, job_id: jobId } });
    return saveIssue(tx, locked, { ...issueIn(locked, issueId), manual_job_id: jobId }, deps.now());
  });
  return { scan: scanOf(row, threshold), job_id: jobId };
}
