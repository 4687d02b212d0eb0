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
/** The zip is kept in the row (bytea), so it is capped; a larger organisation gets a clear failure. */
export const EXPORT_MAX_BYTES = 64 * 1024 * 1024;
