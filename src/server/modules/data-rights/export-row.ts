import type { DataExport } from "@/shared/data-rights";
import { dataExports } from "../../db/schema";

/** The columns a status answer needs: never the file itself. */
export const exportStatusColumns = {
  id: dataExports.id,
  userId: dataExports.userId,
  scope: dataExports.scope,
  orgId: dataExports.orgId,
  status: dataExports.status,
  progress: dataExports.progress,
  fileSize: dataExports.fileSize,
  error: dataExports.error,
  createdAt: dataExports.createdAt,
  expiresAt: dataExports.expiresAt,
};

export type ExportStatusRow = { [K in keyof typeof exportStatusColumns]: (typeof dataExports.$inferSelect)[K] };

export function exportJson(row: ExportStatusRow): DataExport {
  return {
    id: row.id,
    scope: row.scope === "org" ? "org" : "user",
    org_id: row.orgId,
    status: row.status as DataExport["status"],
    progress: row.progress,
    file_size: row.fileSize,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export const EXPORT_QUEUE = "data-export";
/** How long a finished export can be downloaded. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** A queued or running export older than this is taken as lost (its worker died), not as running. */
export const EXPORT_STALE_MS = 60 * 60 * 1000;
/** The zip is stored in pieces of about this size (data_export_chunks), written as it is made. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;
/** The error a failed export records when it outgrew the operator's cap (EXPORT_MAX_MB); the screen words it. */
export const EXPORT_TOO_LARGE = "too_large";
/** The error of an export that failed for any other reason (logged on the server). */
export const EXPORT_FAILED = "failed";
