import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";

/**
 * A user's Google Calendar (one per user, spanning their organisations, as the feed does). Both
 * tokens are sealed in the secret box, bound to the user and field. `status` is "connected" or
 * "reconnect" (Google answered invalid_grant to a refresh: the user must connect again).
 */
export const googleCalendarConnections = pgTable("google_calendar_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token"),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
  status: text("status").notNull().default("connected"),
  // The primary calendar's id as Google names it (the account's address), read when connecting.
  calendarName: text("calendar_name"),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An authorisation in flight: only the SHA-256 of the state is kept, with the PKCE verifier sealed
 * and the user who started it. Used once (deleted when the callback reads it), 10 minutes at most.
 */
export const googleOauthStates = pgTable(
  "google_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("google_oauth_states_user_idx").on(t.userId)],
);

/**
 * Which Google event stands for which task in a user's calendar. No foreign key to the task: when
 * the task is deleted the row must outlive it, so the sync can delete the event.
 */
export const googleCalendarEvents = pgTable(
  "google_calendar_events",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    taskId: uuid("task_id").notNull(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index("google_calendar_events_task_idx").on(t.taskId)],
);
