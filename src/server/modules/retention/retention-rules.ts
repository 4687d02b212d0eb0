import { sql, type SQL } from "drizzle-orm";

/** How long each kind of row is kept; the operator's settings (env RETENTION_*), in days or rows. */
export type RetentionSettings = {
  telemetryDays: number;
  devOutboxDays: number;
  scanDays: number;
  scansKept: number;
  jobDays: number;
  auditDays: number;
  revokedTokenDays: number;
  sentMailDays: number;
};

/**
 * One table's rule: a statement that deletes at most `batch` rows past their time and says how many
 * went. Each picks its rows by an index and deletes by primary key, so a run holds no long lock.
 */
export type RetentionRule = { table: string; batch: (settings: RetentionSettings, batch: number) => SQL };

const days = (n: number) => sql`now() - make_interval(days => ${n}::int)`;

export const RETENTION_RULES: RetentionRule[] = [
  {
    table: "telemetry_events",
    batch: (s, n) => sql`delete from telemetry_events where id in (select id from telemetry_events where created_at < ${days(s.telemetryDays)} limit ${n})`,
  },
  {
    // No window of the abuse limits or budgets is longer than a day: a counter older than that counts nothing.
    table: "request_limits",
    batch: (_s, n) => sql`delete from request_limits where key in (select key from request_limits where window_start < now() - interval '25 hours' limit ${n})`,
  },
  {
    table: "dev_outbox",
    batch: (s, n) => sql`delete from dev_outbox where id in (select id from dev_outbox where created_at < ${days(s.devOutboxDays)} limit ${n})`,
  },
  {
    table: "mail_queue",
    batch: (s, n) => sql`delete from mail_queue where id in (select id from mail_queue where status <> 'pending' and created_at < ${days(s.sentMailDays)} limit ${n})`,
  },
  {
    // The newest scans of each kind (per organisation and project) stay, however old; a running one always.
    table: "health_scans",
    batch: (s, n) => sql`delete from health_scans where id in (
      select id from (
        select id, status, started_at, row_number() over (partition by org_id, kind, project_id order by started_at desc) as place
        from health_scans) ranked
      where status <> 'running' and (place > ${s.scansKept} or started_at < ${days(s.scanDays)})
      limit ${n})`,
  },
  {
    table: "agent_jobs",
    batch: (s, n) => sql`delete from agent_jobs where id in (select id from agent_jobs where state in ('done', 'failed') and coalesce(finished_at, updated_at) < ${days(s.jobDays)} limit ${n})`,
  },
  {
    table: "audit_log",
    batch: (s, n) => sql`delete from audit_log where id in (select id from audit_log where created_at < ${days(s.auditDays)} limit ${n})`,
  },
  {
    // Revoked or expired: kept a while so the owner's list can still say what a refused token was.
    table: "access_tokens",
    batch: (s, n) => sql`delete from access_tokens where id in (
      select id from access_tokens where coalesce(revoked_at, expires_at) < ${days(s.revokedTokenDays)} limit ${n})`,
  },
  {
    // A finished export can be downloaded for a day; after that its pieces (the zip) go, a batch at a time,
    // then the row (its pieces already gone, so the cascade has nothing left to do).
    table: "data_export_chunks",
    batch: (_s, n) => sql`delete from data_export_chunks where (export_id, seq) in (
      select c.export_id, c.seq from data_export_chunks c join data_exports e on e.id = c.export_id where e.expires_at < now() limit ${n})`,
  },
  {
    table: "data_exports",
    batch: (_s, n) => sql`delete from data_exports where id in (
      select id from data_exports e where expires_at < now() and not exists (select 1 from data_export_chunks c where c.export_id = e.id) limit ${n})`,
  },
  {
    table: "agent_pings",
    batch: (_s, n) => sql`delete from agent_pings where id in (select id from agent_pings where created_at < now() - interval '1 day' limit ${n})`,
  },
  {
    // Telegram redelivers an update for 24 h at most: a week of seen update_ids is long enough to drop repeats.
    table: "messaging_updates",
    batch: (_s, n) => sql`delete from messaging_updates where ctid in (select ctid from messaging_updates where received_at < now() - interval '7 days' limit ${n})`,
  },
  {
    // A chat link code lives 15 minutes; used or expired ones are kept a day, then go.
    table: "messaging_link_codes",
    batch: (_s, n) => sql`delete from messaging_link_codes where code_hash in (select code_hash from messaging_link_codes where expires_at < now() - interval '1 day' limit ${n})`,
  },
  {
    table: "verification",
    batch: (_s, n) => sql`delete from verification where id in (select id from verification where expires_at < now() - interval '1 day' limit ${n})`,
  },
];
