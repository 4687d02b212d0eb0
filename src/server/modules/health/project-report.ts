import { and, desc, eq, inArray } from "drizzle-orm";
import { projectHealthIssue, type ProjectHealthCheck, type ProjectHealthIssue, type ProjectHealthReport, type ProjectHealthStatus } from "@/shared/project-health";
import type { JobState } from "@/shared/jobs";
import type { Db } from "../../db/client";
import { agentJobs, healthScans, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import type { FoundIssue } from "./project-issue-catalogue";

type StoredIssue = FoundIssue & { fix_job_id?: string | null };
const FINISHED = ["healthy", "warning", "critical"] as const;

/** critical with any critical issue; warning with any high or medium one, or when the website went unchecked. */
export function statusOf(issues: FoundIssue[], websiteChecked: boolean): ProjectHealthStatus {
  if (issues.some((i) => i.severity === "critical")) return "critical";
  if (!websiteChecked || issues.some((i) => i.severity === "high" || i.severity === "medium")) return "warning";
  return "healthy";
}

const PENALTY = { critical: 40, high: 20, medium: 10, low: 3, info: 0 } as const;
export const scoreOf = (issues: FoundIssue[]) => Math.max(0, 100 - issues.reduce((sum, i) => sum + PENALTY[i.severity], 0));

/** The project's newest finished analysis, with each fix job's own state; null before the first. */
export async function latestProjectReport(ctx: Ctx, projectId: string): Promise<ProjectHealthReport | null> {
  const { db, scope } = ctx;
  const [project] = await db.select({ id: projects.id, name: projects.name, websiteUrl: projects.websiteUrl }).from(projects).where(and(eq(projects.id, projectId), eq(projects.orgId, scope.orgId)));
  if (!project) throw new AppError("not_found", "Project not found");
  const [scan] = await db
    .select()
    .from(healthScans)
    .where(and(eq(healthScans.orgId, scope.orgId), eq(healthScans.kind, "project"), eq(healthScans.projectId, projectId), inArray(healthScans.status, [...FINISHED])))
    .orderBy(desc(healthScans.startedAt))
    .limit(1);
  if (!scan) return null;
  return toReport(db, scope.orgId, scan, project);
}

type ScanRow = typeof healthScans.$inferSelect;

export async function toReport(db: Pick<Db, "select">, orgId: string, scan: ScanRow, project: { id: string; name: string; websiteUrl: string | null }): Promise<ProjectHealthReport> {
  const stored = scan.issues as StoredIssue[];
  const jobIds = stored.map((i) => i.fix_job_id).filter((id): id is string => Boolean(id));
  const jobs = jobIds.length ? await db.select({ id: agentJobs.id, state: agentJobs.state }).from(agentJobs).where(and(eq(agentJobs.orgId, orgId), inArray(agentJobs.id, jobIds))) : [];
  const stateOf = new Map(jobs.map((j) => [j.id, j.state as JobState]));
  const issues: ProjectHealthIssue[] = stored.map((i) => projectHealthIssue.parse({ ...i, fix_job_id: i.fix_job_id ?? null, fix_state: i.fix_job_id ? (stateOf.get(i.fix_job_id) ?? null) : null }));
  return {
    scan_id: scan.id,
    project_id: project.id,
    project_name: project.name,
    website_url: project.websiteUrl,
    status: scan.status as ProjectHealthStatus,
    score: scan.score ?? 0,
    issues,
    checks: scan.checks as ProjectHealthCheck[],
    lastChecked: (scan.finishedAt ?? scan.startedAt).toISOString(),
  };
}
