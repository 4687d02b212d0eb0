import { and, count, eq, gte, lt } from "drizzle-orm";
import { PROJECT_ANALYSES_PER_MINUTE } from "@/shared/project-health";
import { healthScans, organisations, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";

/** A scan still 'running' after this long was cut off (a restart): it no longer blocks the next. */
export const ABANDONED_SCAN_MS = 60_000;

export type ScannedProject = { id: string; orgId: string; name: string; websiteUrl: string | null; createdAt: Date; updatedAt: Date };

/**
 * Starts a project analysis: one at a time per project, and PROJECT_ANALYSES_PER_MINUTE per
 * organisation, since an owner can aim the scan at any public site. The organisation's row is
 * locked while counting, so racing requests cannot both pass the same check.
 */
export async function claimProjectScan(ctx: Ctx, projectId: string): Promise<{ scanId: string; project: ScannedProject }> {
  const { db, scope } = ctx;
  const now = ctx.now();
  return db.transaction(async (tx) => {
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, scope.orgId)).for("no key update");
    const [project] = await tx
      .select({ id: projects.id, orgId: projects.orgId, name: projects.name, websiteUrl: projects.websiteUrl, createdAt: projects.createdAt, updatedAt: projects.updatedAt })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.orgId, scope.orgId)));
    if (!project) throw new AppError("not_found", "Project not found");
    const ofOrg = and(eq(healthScans.orgId, scope.orgId), eq(healthScans.kind, "project"));
    await tx
      .update(healthScans)
      .set({ status: "failed", error: "The analysis was interrupted", finishedAt: now, updatedAt: now })
      .where(and(ofOrg, eq(healthScans.status, "running"), lt(healthScans.startedAt, new Date(now.getTime() - ABANDONED_SCAN_MS))));
    const [running] = await tx.select({ id: healthScans.id }).from(healthScans).where(and(ofOrg, eq(healthScans.projectId, projectId), eq(healthScans.status, "running"))).limit(1);
    if (running) throw new AppError("conflict", "This project is already being analyzed");
    const [recent] = await tx.select({ n: count() }).from(healthScans).where(and(ofOrg, gte(healthScans.startedAt, new Date(now.getTime() - 60_000))));
    if ((recent?.n ?? 0) >= PROJECT_ANALYSES_PER_MINUTE) throw new AppError("rate_limited", `At most ${PROJECT_ANALYSES_PER_MINUTE} project analyses a minute: please wait a moment`, undefined, 60);
    const [scan] = await tx
      .insert(healthScans)
      .values({ orgId: scope.orgId, kind: "project", projectId, trigger: "manual", status: "running", startedBy: scope.userId, startedAt: now, updatedAt: now })
      .returning({ id: healthScans.id });
    return { scanId: scan!.id, project };
  });
}
