import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, bigserial } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";
import { projects } from "./work";

/**
 * The platform's own probes over time (health answered, database round trip), for /status's latency
 * chart. Platform-wide, not per organisation: it measures this server, which every visitor shares.
 */
export const probeResults = pgTable(
  "probe_results",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    probe: text("probe").notNull(),
    ok: boolean("ok").notNull(),
    latencyMs: integer("latency_ms"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("probe_results_checked_idx").on(t.checkedAt)],
);

/**
 * An organisation's auto-repair settings (spec: Auto-repair config), kept on the server so the
 * scheduled scan honours them. version is bumped on every write so a stale form is refused.
 * next_scan_at is when the scheduler next scans this organisation (null while disabled).
 */
export const healingConfigs = pgTable("healing_configs", {
  orgId: uuid("org_id")
    .primaryKey()
    .references(() => organisations.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  autoFixCritical: boolean("auto_fix_critical").notNull().default(false),
  autoFixHigh: boolean("auto_fix_high").notNull().default(false),
  notificationThreshold: text("notification_threshold").notNull().default("high"),
  scanIntervalMinutes: integer("scan_interval_minutes").notNull().default(15),
  nextScanAt: timestamp("next_scan_at", { withTimezone: true }),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

/**
 * One health scan: of the platform for an organisation (kind 'platform'), or of one project
 * (kind 'project'). issues holds the spec's issue shapes, each with its own fix_applied and
 * fix_result once a fix ran; checks holds each check's outcome (name, passed, duration_ms).
 * status: running → healthy | warning | critical, or failed when the scan itself could not finish.
 */
export const healthScans = pgTable(
  "health_scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    trigger: text("trigger").notNull().default("manual"),
    status: text("status").notNull().default("running"),
    score: integer("score"),
    checks: jsonb("checks").$type<Record<string, unknown>[]>().notNull().default([]),
    issues: jsonb("issues").$type<Record<string, unknown>[]>().notNull().default([]),
    error: text("error"),
    startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("health_scans_org_kind_started_idx").on(t.orgId, t.kind, t.startedAt), index("health_scans_project_started_idx").on(t.projectId, t.startedAt)],
);
