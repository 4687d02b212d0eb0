import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";
import { tasks } from "./work";

/** Which events mail a user; a missing row means the default, on. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

/**
 * One row per recipient of a task event (assigned, mentioned, commented, due_soon); dedupe_key makes a
 * retried fan-out add nothing. emailed_at: sent alone (instant) or in a digest; null while waiting.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id"),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_unique").on(t.dedupeKey),
    index("notifications_inbox_idx").on(t.userId, t.orgId, t.createdAt.desc(), t.id),
    index("notifications_unread_idx").on(t.userId, t.orgId).where(sql`${t.readAt} is null`),
    index("notifications_digest_idx").on(t.userId).where(sql`${t.emailedAt} is null`),
  ],
);

/**
 * How task notifications mail a user: at once, in a daily digest at digest_hour in time_zone, or not at
 * all. next_digest_at is the next digest's instant, moved on by whichever instance claims it.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailMode: text("email_mode").notNull().default("instant"),
  digestHour: integer("digest_hour").notNull().default(8),
  timeZone: text("time_zone").notNull().default("UTC"),
  nextDigestAt: timestamp("next_digest_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
