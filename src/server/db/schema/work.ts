import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth";
import { organisations } from "./organisations";

// Every tenant table carries org_id, so a query is scoped with one indexed filter, no joins.
export const planes = pgTable(
  "planes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    key: text("key").notNull(),
    type: text("type").notNull().default("work"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // id breaks created_at ties, so the list's keyset pages are one index range (migration 0005).
  (t) => [index("planes_org_created_idx").on(t.orgId, t.createdAt, t.id), uniqueIndex("planes_org_key_unique").on(t.orgId, t.key)],
);

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    planeId: uuid("plane_id").notNull().references(() => planes.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    color: text("color").notNull().default("#6366f1"),
    status: text("status").notNull().default("active"),
    description: text("description"),
    websiteUrl: text("website_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("projects_org_created_idx").on(t.orgId, t.createdAt, t.id), index("projects_plane_created_idx").on(t.planeId, t.createdAt, t.id)],
);

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    priority: text("priority").notNull().default("medium"),
    status: text("status").notNull().default("todo"),
    // Millisecond precision, the same as the page cursor and JavaScript dates carry.
    dueAt: timestamp("due_at", { withTimezone: true, precision: 3 }),
    // Who wrote it, and the one member doing it (Linear's model): a removed member's tasks fall back to
    // unassigned (a trigger on memberships, migration 0019), an erased account's to nobody.
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    // The board's order within a status column: fractional-indexing keys, compared bytewise (collate "C").
    rank: text("rank").notNull().default("a0"),
    // Minutes before due_at the assignee is reminded; remind_at is when, cleared once the reminder is queued.
    reminderMinutes: integer("reminder_minutes"),
    remindAt: timestamp("remind_at", { withTimezone: true, precision: 3 }),
    // An RFC 5545 rule (RRULE body) read in recurrence_tz's wall time; repeat_from "completion" counts from the tick instead.
    recurrence: text("recurrence"),
    recurrenceTz: text("recurrence_tz"),
    repeatFrom: text("repeat_from"),
    // The next occurrence's task, once made: made once, when this one is done or its time has come.
    nextTaskId: uuid("next_task_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Assigned to me" and the assignee filter: the same due-date keyset as the lists.
    index("tasks_org_assignee_due_idx").on(t.orgId, t.assigneeId, t.dueAt.asc().nullsLast(), t.id),
    // The board: a status column in rank order.
    index("tasks_org_status_rank_idx").on(t.orgId, t.status, sql`${t.rank} collate "C"`, t.id),
    // The minute tick's claims: only the few rows with something due.
    index("tasks_remind_at_idx").on(t.remindAt).where(sql`${t.remindAt} is not null`),
    index("tasks_repeat_due_idx").on(t.dueAt).where(sql`${t.recurrence} is not null and ${t.nextTaskId} is null`),
    // The dashboard lists: all by due date (nulls last), and the same per status.
    index("tasks_org_due_idx").on(t.orgId, t.dueAt.asc().nullsLast(), t.id),
    index("tasks_org_status_due_idx").on(t.orgId, t.status, t.dueAt.asc().nullsLast(), t.id),
    index("tasks_project_due_idx").on(t.projectId, t.dueAt.asc().nullsLast(), t.id),
  ],
);

/**
 * Task counts per organisation, UTC day of due_at ('infinity' when undated) and status, kept by
 * statement triggers on tasks (migration 0002). The dashboard's counts read a few hundred of these
 * rows instead of every task, and only count the boundary day from tasks itself.
 */
export const taskDayCounts = pgTable(
  "task_day_counts",
  {
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.status] })],
);

/**
 * The same counts per UTC hour of due_at (dated tasks only), kept by the same triggers (migration
 * 0004). Local midnights fall on whole UTC hours in most zones, so "today" and the part of the
 * boundary UTC day before local midnight are a few dozen bucket sums instead of a count of rows.
 */
export const taskHourCounts = pgTable(
  "task_hour_counts",
  {
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.hour, t.status] })],
);

/**
 * Task counts per project (all, and not done), kept by the same statement triggers (migration
 * 0009), so a page of projects or planes reads one row per project instead of counting its tasks.
 */
export const projectTaskCounts = pgTable("project_task_counts", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  // No foreign key of its own: the project's cascade removes the row, and an organisation's delete
  // would otherwise scan this table by org_id.
  orgId: uuid("org_id").notNull(),
  total: integer("total").notNull().default(0),
  open: integer("open").notNull().default(0),
});

/**
 * One row per CSV import the browser sent with an import key (a hash of the file it read), so a
 * retried import, say after the connection dropped while the first one committed, adds nothing.
 * A large file is imported in the background (modules/onboarding/run-task-import.ts): the row
 * holds the checked rows to write (`pending`, until it is done), how many of them were taken
 * (`processed`, where the worker goes on after a restart), how many were written (`imported`) and
 * the report.
 */
export const taskImports = pgTable(
  "task_imports",
  {
    id: uuid("id").notNull().defaultRandom().unique(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    importKey: text("import_key").notNull(),
    status: text("status").notNull().default("done"),
    total: integer("total").notNull().default(0),
    valid: integer("valid").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    imported: integer("imported").notNull(),
    errors: jsonb("errors").$type<{ row: number; message: string }[]>().notNull().default([]),
    errorCount: integer("error_count").notNull().default(0),
    pending: jsonb("pending").$type<PendingImportRow[]>(),
    // Who imported: the author of every task the import writes.
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // Imports of the last hour are summed per organisation for its row limit.
  (t) => [primaryKey({ columns: [t.orgId, t.importKey] }), index("task_imports_org_created_idx").on(t.orgId, t.createdAt)],
);

/**
 * A checked row waiting to be written: title, project id, priority, due (ISO) or null, its row in
 * the file, and the assignee's id and label names when the file had those columns.
 */
export type PendingImportRow = [title: string, projectId: string, priority: string, due: string | null, row: number, assigneeId?: string | null, labels?: string[]];
