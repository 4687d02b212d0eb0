import { and, eq, sql } from "drizzle-orm";
import { platformStatusOf, type PlatformIssue } from "@/shared/platform-health";
import type { Db } from "../../../db/client";
import { healthScans } from "../../../db/schema";
import { AppError } from "../../../lib/errors";
import { publishChange } from "../../../lib/events";
import type { ScanRow } from "./platform-scan-row";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The organisation's platform scan, locked until the transaction ends; another organisation's is not found. */
export async function lockScan(tx: Tx, orgId: string, scanId: string): Promise<ScanRow> {
  const [row] = await tx
    .select()
    .from(healthScans)
    .where(and(eq(healthScans.id, scanId), eq(healthScans.orgId, orgId), eq(healthScans.kind, "platform")))
    .for("update");
  if (!row) throw new AppError("not_found", "Scan not found");
  return row;
}

export function issueIn(row: ScanRow, issueId: string): PlatformIssue {
  const found = row.issues.find((i) => i.id === issueId) as PlatformIssue | undefined;
  if (!found) throw new AppError("not_found", "Issue not found");
  return found;
}

/**
 * Writes one issue's new state back into its locked scan. The status follows the issues still
 * open, so a repaired organisation no longer reads as critical.
 */
export async function saveIssue(tx: Tx, row: ScanRow, issue: PlatformIssue, now: Date): Promise<ScanRow> {
  const issues = (row.issues as PlatformIssue[]).map((i) => (i.id === issue.id ? issue : i));
  const finished = row.status !== "running" && row.status !== "failed";
  const status = finished ? platformStatusOf(issues.filter((i) => i.fix_applied !== true)) : row.status;
  const [saved] = await tx.update(healthScans).set({ issues, status, updatedAt: now }).where(eq(healthScans.id, row.id)).returning();
  await publishChange(tx, row.orgId, { entity: "health", id: row.id, action: "updated" });
  return saved!;
}

/** One organisation's scans queue behind each other here, whichever instance runs them. */
export async function lockOrgScans(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whq-platform-scan:${orgId}`}, 0))`);
}
