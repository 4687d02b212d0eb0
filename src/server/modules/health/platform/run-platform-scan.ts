import { and, eq, lt } from "drizzle-orm";
import { SLOW_DATABASE_MS, platformStatusOf, scoreOf, shouldAutoFix, type PlatformIssue, type PlatformScan } from "@/shared/platform-health";
import { healthScans } from "../../../db/schema";
import { AppError } from "../../../lib/errors";
import { publishChange } from "../../../lib/events";
import { applyPlatformFix, type FixActor } from "./apply-platform-fix";
import { readHealingConfig } from "./healing-config";
import { runPlatformChecks, toIssue } from "./platform-checks";
import type { PlatformDeps } from "./platform-deps";
import { scanOf, type ScanRow } from "./platform-scan-row";
import { lockOrgScans } from "./platform-scan-store";

export type ScanTrigger = "manual" | "scheduled";

// A scan takes seconds; one still 'running' after this was cut short (the process stopped).
const STALE_RUNNING_MS = 2 * 60_000;

/** Starts the scan, or says one is already running (null for the scheduler, 409 for a person). */
async function startScan(deps: PlatformDeps, actor: FixActor, trigger: ScanTrigger): Promise<ScanRow | null> {
  return deps.db.transaction(async (tx) => {
    await lockOrgScans(tx, actor.orgId);
    const now = deps.now();
    const mine = and(eq(healthScans.orgId, actor.orgId), eq(healthScans.kind, "platform"), eq(healthScans.status, "running"));
    await tx
      .update(healthScans)
      .set({ status: "failed", error: "The scan did not finish (the server stopped during it)", finishedAt: now, updatedAt: now })
      .where(and(mine, lt(healthScans.startedAt, new Date(now.getTime() - STALE_RUNNING_MS))));
    const [running] = await tx.select({ id: healthScans.id }).from(healthScans).where(mine).limit(1);
    if (running) {
      if (trigger === "scheduled") return null;
      throw new AppError("conflict", "A scan is already running for this organisation");
    }
    const [row] = await tx.insert(healthScans).values({ orgId: actor.orgId, kind: "platform", trigger, status: "running", startedBy: actor.userId, startedAt: now, updatedAt: now }).returning();
    await publishChange(tx, actor.orgId, { entity: "health", id: row!.id, action: "created" });
    return row!;
  });
}

/**
 * One platform scan of an organisation: the five checks (not inside a transaction: they call
 * the server itself, which needs the database), the result stored, then auto-fix per the
 * organisation's config when auto-repair is on. Returns the scan as it stands at the end.
 */
export async function runPlatformScan(deps: PlatformDeps, actor: FixActor, trigger: ScanTrigger, slowMs = SLOW_DATABASE_MS): Promise<PlatformScan | null> {
  const started = await startScan(deps, actor, trigger);
  if (!started) return null;
  let finished: ScanRow;
  try {
    const outcomes = await runPlatformChecks(deps, actor.orgId, slowMs);
    const detectedAt = deps.now();
    const issues: PlatformIssue[] = outcomes.flatMap((o) => o.issues.map((i) => toIssue(i, detectedAt)));
    const checks = outcomes.map((o) => o.check);
    finished = await finish(deps, started.id, actor.orgId, { status: platformStatusOf(issues), score: scoreOf(checks), checks, issues, error: null });
  } catch (error) {
    deps.logger.warn("platform scan failed", { orgId: actor.orgId, error: error instanceof Error ? error.message : String(error) });
    finished = await finish(deps, started.id, actor.orgId, { status: "failed", score: null, checks: [], issues: [], error: "The scan could not finish: the database did not answer" });
  }
  const config = await readHealingConfig(deps.db, actor.orgId);
  if (config.enabled) {
    for (const issue of finished.issues as PlatformIssue[]) {
      if (shouldAutoFix(issue, config)) await applyPlatformFix(deps, actor, finished.id, issue.id, "auto");
    }
  }
  const [row] = await deps.db.select().from(healthScans).where(eq(healthScans.id, started.id));
  return scanOf(row ?? finished, config.notification_threshold);
}

type Result = Pick<ScanRow, "status" | "score" | "checks" | "issues" | "error">;

async function finish(deps: PlatformDeps, scanId: string, orgId: string, result: Result): Promise<ScanRow> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [row] = await tx.update(healthScans).set({ ...result, finishedAt: now, updatedAt: now }).where(eq(healthScans.id, scanId)).returning();
    await publishChange(tx, orgId, { entity: "health", id: scanId, action: "updated" });
    return row!;
  });
}
