import { platformCheck, platformIssue, isAtLeast, type IssueSeverity, type PlatformScan } from "@/shared/platform-health";
import type { healthScans } from "../../../db/schema";

export type ScanRow = typeof healthScans.$inferSelect;

// Stored as jsonb by our own code; parsing again keeps one bad row from breaking the page.
const issuesOf = (row: ScanRow) => row.issues.flatMap((raw) => {
  const parsed = platformIssue.safeParse(raw);
  return parsed.success ? [parsed.data] : [];
});
const checksOf = (row: ScanRow) => row.checks.flatMap((raw) => {
  const parsed = platformCheck.safeParse(raw);
  return parsed.success ? [parsed.data] : [];
});

/** The scan as the page reads it; `alert` follows the organisation's notification threshold. */
export function scanOf(row: ScanRow, threshold: IssueSeverity): PlatformScan {
  const issues = issuesOf(row);
  return {
    id: row.id,
    trigger: row.trigger === "scheduled" ? "scheduled" : "manual",
    status: row.status as PlatformScan["status"],
    score: row.score,
    checks: checksOf(row),
    issues,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    alert: row.trigger === "scheduled" && issues.some((i) => i.fix_applied !== true && isAtLeast(i.severity, threshold)),
  };
}
