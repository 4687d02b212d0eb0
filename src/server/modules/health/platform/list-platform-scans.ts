import { and, desc, eq } from "drizzle-orm";
import type { PlatformScan } from "@/shared/platform-health";
import { healthScans } from "../../../db/schema";
import type { Ctx } from "../../organisations/org-scope";
import { readHealingConfig } from "./healing-config";
import { scanOf } from "./platform-scan-row";

/** How many recent scans the page's history shows. */
export const RECENT_SCANS = 10;

/** The organisation's latest platform scans, newest first (the first is the latest). */
export async function listPlatformScans(ctx: Ctx): Promise<PlatformScan[]> {
  const { db, scope } = ctx;
  const [config, rows] = await Promise.all([
    readHealingConfig(db, scope.orgId),
    db
      .select()
      .from(healthScans)
      .where(and(eq(healthScans.orgId, scope.orgId), eq(healthScans.kind, "platform")))
      .orderBy(desc(healthScans.startedAt), desc(healthScans.id))
      .limit(RECENT_SCANS),
  ]);
  return rows.map((row) => scanOf(row, config.notification_threshold));
}
