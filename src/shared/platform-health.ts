import { z } from "zod";

/**
 * The platform's self-healing (spec: Self-Healing System page; Platform health issue; Auto-repair
 * config): an organisation's owner scans the platform as it serves that organisation, repairs
 * what is safe to repair, and keeps auto-repair settings on the server for the scheduled scans.
 */

// 'membership' is ours: the spec's prototype had a membership fix but listed four types.
export const platformIssueTypes = ["database", "auth", "edge_function", "performance", "membership"] as const;
export type PlatformIssueType = (typeof platformIssueTypes)[number];

export const issueSeverities = ["critical", "high", "medium", "low"] as const;
export type IssueSeverity = (typeof issueSeverities)[number];

/** Five checks, 20 % each (spec §9). */
export const platformCheckNames = ["database", "auth", "server_functions", "performance", "memberships"] as const;
export type PlatformCheckName = (typeof platformCheckNames)[number];
export const CHECK_WEIGHT_PERCENT = 20;

/** A database round trip slower than this is a medium performance issue (spec §9). */
export const SLOW_DATABASE_MS = 5000;

export const scanIntervals = [5, 15, 30, 60] as const;
export type ScanInterval = (typeof scanIntervals)[number];
export const DEFAULT_SCAN_INTERVAL: ScanInterval = 15;

export const scanTriggers = ["manual", "scheduled"] as const;
export const platformStatuses = ["healthy", "warning", "critical"] as const;
export type PlatformStatus = (typeof platformStatuses)[number];
export const scanStates = ["running", ...platformStatuses, "failed"] as const;

/** The agent a Manual Fix is dispatched to (spec §4). */
export const SYSTEM_HEALER_AGENT = "system-healer";

/**
 * What a repair acts on. A code names the problem, so a fix knows what to do without trusting the
 * description; function names which server function did not answer.
 */
export const platformIssueCodes = ["database_unreachable", "database_slow", "auth_unavailable", "function_unanswered", "no_owner", "no_members", "members_cannot_sign_in", "unknown_roles"] as const;
export type PlatformIssueCode = (typeof platformIssueCodes)[number];

/** Issues of the platform itself, shared by every organisation: only its operators repair them (docs/permissions.md). */
export const platformWideIssueCodes: readonly PlatformIssueCode[] = ["database_unreachable", "database_slow", "auth_unavailable", "function_unanswered"];

export const platformIssue = z.object({
  id: z.uuid(),
  code: z.enum(platformIssueCodes),
  type: z.enum(platformIssueTypes),
  severity: z.enum(issueSeverities),
  description: z.string(),
  detected_at: z.string(),
  auto_fixable: z.boolean(),
  fix_applied: z.boolean().nullable(),
  fix_result: z.string().nullable(),
  fixed_at: z.string().nullable(),
  /** The agent job a Manual Fix dispatched, if one was. */
  manual_job_id: z.string().nullable(),
  /** For function_unanswered: the function's path, re-pinged by the fix. */
  target: z.string().nullable(),
});
export type PlatformIssue = z.infer<typeof platformIssue>;

export const platformCheck = z.object({
  name: z.enum(platformCheckNames),
  passed: z.boolean(),
  duration_ms: z.number(),
  detail: z.string(),
});
export type PlatformCheck = z.infer<typeof platformCheck>;

export const platformScan = z.object({
  id: z.string(),
  trigger: z.enum(scanTriggers),
  status: z.enum(scanStates),
  score: z.number().nullable(),
  checks: z.array(platformCheck),
  issues: z.array(platformIssue),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** A scheduled scan found an issue at or above the notification threshold: the page says 'System Issue Detected'. */
  alert: z.boolean(),
});
export type PlatformScan = z.infer<typeof platformScan>;

export const healingConfig = z.object({
  enabled: z.boolean(),
  auto_fix_critical: z.boolean(),
  auto_fix_high: z.boolean(),
  notification_threshold: z.enum(issueSeverities),
  scan_interval: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)], "Scan interval must be 5, 15, 30 or 60 minutes"),
});
export type HealingConfigFields = z.infer<typeof healingConfig>;

/** Spec §9: off; auto_fix_critical on; auto_fix_high off; threshold high; every 15 minutes. */
export const DEFAULT_HEALING_CONFIG: HealingConfigFields = { enabled: false, auto_fix_critical: true, auto_fix_high: false, notification_threshold: "high", scan_interval: DEFAULT_SCAN_INTERVAL };

/** version 0: never saved (the defaults); a save must name the version it was made from. */
export const healingConfigState = healingConfig.extend({ version: z.number().int(), next_scan_at: z.string().nullable(), updated_at: z.string().nullable() });
export type HealingConfig = z.infer<typeof healingConfigState>;

export const updateHealingConfigInput = healingConfig.extend({ version: z.number().int().min(0).max(2_147_483_647) }).strict();
export type UpdateHealingConfigInput = z.infer<typeof updateHealingConfigInput>;

export const scanIssueParams = z.object({ scanId: z.uuid("Scan id is not valid"), issueId: z.uuid("Issue id is not valid") });

export type PlatformScansResponse = { scans: PlatformScan[] };
export type PlatformScanResponse = { scan: PlatformScan };
export type HealingConfigResponse = { config: HealingConfig };
export type ManualFixResponse = { scan: PlatformScan; job_id: string };

const severityRank: Record<IssueSeverity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

/** Spec §4: critical if any critical issue, else warning if any high issue, else healthy. */
export function platformStatusOf(issues: readonly { severity: IssueSeverity }[]): PlatformStatus {
  if (issues.some((i) => i.severity === "critical")) return "critical";
  if (issues.some((i) => i.severity === "high")) return "warning";
  return "healthy";
}

/** Checks passed × 20 %. */
export const scoreOf = (checks: readonly { passed: boolean }[]) => checks.filter((c) => c.passed).length * CHECK_WEIGHT_PERCENT;

export const isAtLeast = (severity: IssueSeverity, threshold: IssueSeverity) => severityRank[severity] >= severityRank[threshold];

/** Auto-fix applies only to auto-fixable issues whose severity is enabled in the config (spec §4). */
export function shouldAutoFix(issue: Pick<PlatformIssue, "auto_fixable" | "severity" | "fix_applied">, config: Pick<HealingConfigFields, "auto_fix_critical" | "auto_fix_high">): boolean {
  if (!issue.auto_fixable || issue.fix_applied === true) return false;
  return (issue.severity === "critical" && config.auto_fix_critical) || (issue.severity === "high" && config.auto_fix_high);
}
