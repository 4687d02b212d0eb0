import { and, eq } from "drizzle-orm";
import { DEFAULT_HEALING_CONFIG, type HealingConfig, type IssueSeverity, type ScanInterval, type UpdateHealingConfigInput } from "@/shared/platform-health";
import type { Db } from "../../../db/client";
import { healingConfigs } from "../../../db/schema";
import { recordAudit } from "../../../lib/audit";
import { AppError } from "../../../lib/errors";
import { publishChange } from "../../../lib/events";
import type { Ctx } from "../../organisations/org-scope";

type Row = typeof healingConfigs.$inferSelect;

export function configOf(row: Row | undefined): HealingConfig {
  if (!row) return { ...DEFAULT_HEALING_CONFIG, version: 0, next_scan_at: null, updated_at: null };
  return {
    enabled: row.enabled,
    auto_fix_critical: row.autoFixCritical,
    auto_fix_high: row.autoFixHigh,
    notification_threshold: row.notificationThreshold as IssueSeverity,
    scan_interval: row.scanIntervalMinutes as ScanInterval,
    version: row.version,
    next_scan_at: row.nextScanAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function readHealingConfig(db: Pick<Db, "select">, orgId: string): Promise<HealingConfig> {
  const [row] = await db.select().from(healingConfigs).where(eq(healingConfigs.orgId, orgId));
  return configOf(row);
}

export const getHealingConfig = (ctx: Ctx) => readHealingConfig(ctx.db, ctx.scope.orgId);

const minutes = (n: number) => n * 60_000;

/**
 * Saves the form if it was made from the current version (409 otherwise, so one owner's save
 * never silently undoes another's). Enabling, or changing the interval, schedules the next scan
 * one interval from now; disabling unschedules it.
 */
export async function updateHealingConfig(ctx: Ctx, input: UpdateHealingConfigInput): Promise<HealingConfig> {
  const { db, scope } = ctx;
  const now = ctx.now();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(healingConfigs).where(eq(healingConfigs.orgId, scope.orgId)).for("update");
    const currentVersion = current?.version ?? 0;
    if (input.version !== currentVersion) throw new AppError("conflict", "These settings were changed meanwhile: reload them and save again");
    const keepsSchedule = current?.enabled && current.scanIntervalMinutes === input.scan_interval && current.nextScanAt;
    const nextScanAt = !input.enabled ? null : keepsSchedule ? current.nextScanAt : new Date(now.getTime() + minutes(input.scan_interval));
    const values = {
      enabled: input.enabled,
      autoFixCritical: input.auto_fix_critical,
      autoFixHigh: input.auto_fix_high,
      notificationThreshold: input.notification_threshold,
      scanIntervalMinutes: input.scan_interval,
      nextScanAt,
      updatedAt: now,
      updatedBy: scope.userId,
    };
    let saved: Row | undefined;
    if (current) {
      [saved] = await tx
        .update(healingConfigs)
        .set({ ...values, version: currentVersion + 1 })
        .where(and(eq(healingConfigs.orgId, scope.orgId), eq(healingConfigs.version, currentVersion)))
        .returning();
    } else {
      // Two first saves at once: the second finds the row the first inserted and is refused.
      [saved] = await tx.insert(healingConfigs).values({ orgId: scope.orgId, ...values, version: 1 }).onConflictDoNothing().returning();
    }
    if (!saved) throw new AppError("conflict", "These settings were changed meanwhile: reload them and save again");
    const { version: _v, next_scan_at: _n, updated_at: _u, ...fields } = configOf(saved);
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "health.config_updated", targetType: "organisation", targetId: scope.orgId, details: fields });
    await publishChange(tx, scope.orgId, { entity: "health", id: scope.orgId, action: "updated" });
    return configOf(saved);
  });
}
