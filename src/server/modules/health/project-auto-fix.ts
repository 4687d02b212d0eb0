import { and, desc, eq, inArray } from "drizzle-orm";
import { autoFixMessage, PROJECT_HEALER_AGENT, type ProjectAutoFixResponse } from "@/shared/project-health";
import type { Db } from "../../db/client";
import { healthScans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { dispatchAgentJob, type DispatchCtx } from "../jobs/dispatch-agent-job";
import type { FoundIssue } from "./project-issue-catalogue";

type StoredIssue = FoundIssue & { fix_job_id?: string | null; fix_requested_at?: string };

/**
 * Sends one auto-fixable issue to the 'project-healer' agent with the spec's payload (§7), and
 * notes the job on the issue. The scan row is locked, so two clicks (or Fix All racing a click)
 * send one job; the second answer names the same job. Whether it fixed anything is the job's own
 * state, reported by n8n: nothing here says 'fixed'.
 */
export async function autoFixProjectIssue(ctx: DispatchCtx, projectId: string, issueId: string): Promise<ProjectAutoFixResponse> {
  const { db, scope } = ctx;
  return db.transaction(async (tx) => {
    // The project's latest report: an issue of an older one was analysed again since.
    const [scan] = await tx
      .select({ id: healthScans.id, projectId: healthScans.projectId, issues: healthScans.issues })
      .from(healthScans)
      .where(and(eq(healthScans.projectId, projectId), eq(healthScans.orgId, scope.orgId), eq(healthScans.kind, "project"), inArray(healthScans.status, ["healthy", "warning", "critical"])))
      .orderBy(desc(healthScans.startedAt))
      .limit(1)
      .for("update");
    if (!scan?.projectId) throw new AppError("not_found", "Health report not found");
    const issues = scan.issues as StoredIssue[];
    const issue = issues.find((i) => i.id === issueId);
    if (!issue) throw new AppError("not_found", "Issue not found in the project's latest report");
    if (!issue.auto_fixable) throw new AppError("bad_request", "This issue cannot be fixed automatically");
    if (issue.fix_job_id) return { job_id: issue.fix_job_id, duplicate: true };
    const context = { project_id: scan.projectId, issue_type: issue.type, fix_suggestion: issue.fix_suggestion };
    const { jobId } = await dispatchAgentJob({ ...ctx, db: tx as unknown as Db }, { project_id: scan.projectId, agent_id: PROJECT_HEALER_AGENT, message: autoFixMessage(issue.description), context });
    const now = ctx.now();
    const updated = issues.map((i) => (i.id === issueId ? { ...i, fix_job_id: jobId, fix_requested_at: now.toISOString() } : i));
    await tx.update(healthScans).set({ issues: updated, updatedAt: now }).where(eq(healthScans.id, scan.id));
    return { job_id: jobId, duplicate: false };
  });
}
