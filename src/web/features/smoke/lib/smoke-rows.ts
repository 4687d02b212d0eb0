import { smokeCheckLabels, smokeChecks, type SmokeCheck, type SmokeResult } from "@/shared/smoke";

/** The spec's smoke states, plus skipped: a check that does not apply here (n8n not configured). */
export type SmokeRowStatus = "pending" | "running" | SmokeResult["status"];
export type SmokeRow = { name: SmokeCheck; status: SmokeRowStatus; message: string | null; timestamp: string | null; durationMs: number | null };

export const pendingRows = (): SmokeRow[] => smokeChecks.map((name) => ({ name, status: "pending", message: null, timestamp: null, durationMs: null }));

export const withRow = (rows: SmokeRow[], row: SmokeRow): SmokeRow[] => rows.map((r) => (r.name === row.name ? row : r));

export const rowOfResult = (result: SmokeResult): SmokeRow => ({ name: result.name, status: result.status, message: result.message, timestamp: result.timestamp, durationMs: result.duration_ms });

/** A call that got no answer (network, 429) fails its row too, prefixed like the server's failures. */
export const rowOfError = (name: SmokeCheck, error: unknown, durationMs: number): SmokeRow => ({
  name,
  status: "fail",
  message: `${smokeCheckLabels[name]}: ${error instanceof Error ? error.message : String(error)}`,
  timestamp: new Date().toISOString(),
  durationMs,
});

/** Total, passed, failed and pending (spec §4); running and skipped rows are counted in Total only. */
export function countRows(rows: SmokeRow[]) {
  return {
    total: rows.length,
    passed: rows.filter((r) => r.status === "pass").length,
    failed: rows.filter((r) => r.status === "fail").length,
    pending: rows.filter((r) => r.status === "pending").length,
  };
}
