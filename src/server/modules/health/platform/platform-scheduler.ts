import { startTicker } from "../../../lib/ticker";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { isAtLeast, type PlatformScan } from "@/shared/platform-health";
import { OWNER_ROLES } from "@/shared/constants";
import type { Services } from "../../../context";
import type { Db } from "../../../db/client";
import { healthScans, memberships, organisations, user } from "../../../db/schema";
import type { Mailer } from "../../../mail/mailer";
import { wantsMail } from "../../notifications/wants-mail";
import { readHealingConfig } from "./healing-config";
import { platformDepsOf, type PlatformDeps } from "./platform-deps";
import { scanOf } from "./platform-scan-row";
import { runPlatformScan } from "./run-platform-scan";
import { mailText } from "../../../mail/mail-text";
import { isLanguage } from "@/shared/languages";
import { translateServerMessage } from "../../../i18n/server-messages";

/** How often the server looks for organisations whose scan is due (the shortest interval is 5 minutes). */
export const SCHEDULER_TICK_MS = 60_000;
const CLAIM_BATCH = 20;

/**
 * Claims the organisations whose scan is due and moves each one's next scan an interval on, in
 * one statement: rows another instance holds are skipped, and a row it has just moved no longer
 * matches, so every due scan is claimed once however many instances tick at the same moment.
 */
export async function claimDueScans(db: Db, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    update healing_configs h
       set next_scan_at = ${at}::timestamptz + make_interval(mins => h.scan_interval_minutes)
     where h.org_id in (
       select org_id from healing_configs
        where enabled and next_scan_at <= ${at}::timestamptz
        order by next_scan_at
        limit ${CLAIM_BATCH}
        for update skip locked)
    returning h.org_id`)) as unknown as { rows: { org_id: string }[] };
  return result.rows.map((r) => r.org_id);
}

export type SchedulerDeps = PlatformDeps & { mailer: Pick<Mailer, "send">; appName: string; appUrl: string };

/** One tick: each due organisation is scanned with trigger 'scheduled' and auto-fixed per its config. */
export async function runDueScans(deps: SchedulerDeps): Promise<PlatformScan[]> {
  const done: PlatformScan[] = [];
  for (const orgId of await claimDueScans(deps.db, deps.now())) {
    try {
      const scan = await runPlatformScan(deps, { orgId, userId: null }, "scheduled");
      if (!scan) continue;
      done.push(scan);
      if (scan.alert) await mailOwnersOfNewAlert(deps, orgId, scan);
    } catch (error) {
      deps.logger.warn("scheduled platform scan failed", { orgId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return done;
}

/**
 * Mails the owners when a scheduled scan alerts about a problem the scan before it did not: one
 * mail per new problem, not one every five minutes while it lasts.
 */
async function mailOwnersOfNewAlert(deps: SchedulerDeps, orgId: string, scan: PlatformScan): Promise<void> {
  const { notification_threshold: threshold } = await readHealingConfig(deps.db, orgId);
  const alerting = (s: PlatformScan) => s.issues.filter((i) => i.fix_applied !== true && isAtLeast(i.severity, threshold));
  const [previousRow] = await deps.db
    .select()
    .from(healthScans)
    .where(and(eq(healthScans.orgId, orgId), eq(healthScans.kind, "platform"), lt(healthScans.startedAt, new Date(scan.started_at))))
    .orderBy(desc(healthScans.startedAt))
    .limit(1);
  const before = new Set(previousRow ? alerting(scanOf(previousRow, threshold)).map((i) => i.code) : []);
  const fresh = alerting(scan).filter((i) => !before.has(i.code));
  if (fresh.length === 0) return;
  const [org] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  const owners = await deps.db
    .select({ id: user.id, email: user.email, locale: user.locale })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, [...OWNER_ROLES])));
  // Each owner in their own language (mail/mail-text.ts); the issues' own descriptions stay as the scan wrote them.
  for (const owner of owners) {
    // An owner who turned off "scan found critical issues" (Settings, Notifications) is skipped.
    if (!(await wantsMail(deps.db, owner.id, "scan_critical"))) continue;
    const orgName = org?.name ?? { ours: mailText(owner.locale, "platformIssue.yourOrganisation") };
    const text = [mailText(owner.locale, "platformIssue.intro", { orgName }), ...fresh.map((i) => `- ${i.severity.toUpperCase()} ${i.type}: ${translateServerMessage(isLanguage(owner.locale) ? owner.locale : "en", i.description)}`), "", mailText(owner.locale, "platformIssue.footer", { appUrl: deps.appUrl })].join("\n");
    await deps.mailer.send({ to: owner.email, subject: mailText(owner.locale, "platformIssue.subject", { appName: deps.appName }), text });
  }
}

export const schedulerDepsOf = (services: Services): SchedulerDeps => ({ ...platformDepsOf(services), mailer: services.mailer, appName: services.env.APP_NAME, appUrl: services.env.APP_URL });

/** Ticks while the server runs (lib/ticker: a tick still running when the next is due is not doubled). */
export function startPlatformScheduler(services: Services, tickMs = SCHEDULER_TICK_MS): { stop: () => Promise<void> } {
  return startTicker("platform scheduler tick", tickMs, () => runDueScans(schedulerDepsOf(services)), services.logger);
}
