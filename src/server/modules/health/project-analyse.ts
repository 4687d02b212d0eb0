import { and, eq } from "drizzle-orm";
import type { ProjectHealthReport } from "@/shared/project-health";
import { healthScans } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { analyseSite, type SiteAnalysis } from "./project-analyse-site";
import { crawlLinks } from "./project-crawl-links";
import { claimProjectScan, type ScannedProject } from "./project-claim-scan";
import { fetchSite, type ScanSeams } from "./project-fetch-site";
import { makeIssue } from "./project-issue-catalogue";
import { scoreOf, statusOf, toReport } from "./project-report";
import { checkProjectWork } from "./project-work-checks";

export type ScanCtx = Ctx & { seams: ScanSeams };

/**
 * Analyses one project now and answers with the stored report. Synchronous (about 22 s at most):
 * one fetch of one page and a few of its files, then a bounded link check (project-crawl-links), fits a request, the button shows 'Analyzing...'
 * meanwhile, and a queue would add polling for no gain. The scan row is written first, so a
 * second click is refused while this one runs, and 'Last checked' survives a reload.
 */
export async function analyseProject(ctx: ScanCtx, projectId: string): Promise<ProjectHealthReport> {
  const { scanId, project } = await claimProjectScan(ctx, projectId);
  try {
    const [work, site] = await Promise.all([checkProjectWork(ctx.db, project, ctx.now()), checkWebsite(ctx, project)]);
    const issues = [...site.analysis.issues, ...work.issues];
    const now = ctx.now();
    const [scan] = await ctx.db
      .update(healthScans)
      .set({ status: statusOf(issues, site.checked), score: scoreOf(issues), issues, checks: [...site.analysis.checks, ...work.checks], finishedAt: now, updatedAt: now })
      .where(and(eq(healthScans.id, scanId), eq(healthScans.orgId, ctx.scope.orgId)))
      .returning();
    return toReport(ctx.db, ctx.scope.orgId, scan!, project);
  } catch (error) {
    const now = ctx.now();
    await ctx.db.update(healthScans).set({ status: "failed", error: "The analysis could not finish", finishedAt: now, updatedAt: now }).where(eq(healthScans.id, scanId));
    throw error;
  }
}

async function checkWebsite(ctx: ScanCtx, project: ScannedProject): Promise<{ analysis: SiteAnalysis; checked: boolean }> {
  if (!project.websiteUrl) {
    return { analysis: { issues: [makeIssue("deploy.no_website", "No website URL is set, so the site was not checked")], checks: [{ name: "deploy.reachable", passed: false, detail: "no website URL" }] }, checked: false };
  }
  const fetched = await fetchSite(project.websiteUrl, ctx.seams);
  // The links are followed only from a page that loaded; an error page's links say nothing.
  const links = fetched.ok && fetched.site.status < 400 ? await crawlLinks(fetched.site.url, fetched.site.html, ctx.seams) : undefined;
  return { analysis: analyseSite(fetched, ctx.now(), links), checked: fetched.ok };
}
