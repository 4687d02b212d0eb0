import type { Env } from "../../env";
import { startTicker } from "../../lib/ticker";
import type { Services } from "../../context";
import { pruneOnce } from "./prune";
import type { RetentionSettings } from "./retention-rules";

/** A pass prunes at most this many batches a table; what is left goes in the next pass. */
const MAX_BATCHES_PER_PASS = 20;

export const retentionSettingsOf = (env: Env): RetentionSettings => ({
  telemetryDays: env.RETENTION_TELEMETRY_DAYS,
  devOutboxDays: env.RETENTION_DEV_OUTBOX_DAYS,
  sentMailDays: env.RETENTION_SENT_MAIL_DAYS,
  scanDays: env.RETENTION_SCAN_DAYS,
  scansKept: env.RETENTION_SCANS_KEPT,
  jobDays: env.RETENTION_JOB_DAYS,
  auditDays: env.RETENTION_AUDIT_DAYS,
  revokedTokenDays: env.RETENTION_REVOKED_TOKEN_DAYS,
});

/** Prunes every RETENTION_INTERVAL_MS; logs what went when anything did. */
export function startRetention(services: Services): { stop: () => Promise<void> } {
  const { env, database, logger } = services;
  if (env.RETENTION_INTERVAL_MS === 0) return { stop: async () => {} };
  const pass = async () => {
    const removed = await pruneOnce(database.db, { settings: retentionSettingsOf(env), batchRows: env.RETENTION_BATCH_ROWS, maxBatches: MAX_BATCHES_PER_PASS });
    const gone = Object.fromEntries(Object.entries(removed).filter(([, n]) => n > 0));
    if (Object.keys(gone).length > 0) logger.info("retention: old rows pruned", gone);
  };
  return startTicker("retention", env.RETENTION_INTERVAL_MS, pass, logger);
}
