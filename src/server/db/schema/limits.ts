import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters for the abuse limits (writes, imports, searches), one row per key such
 * as `write:user:<id>` or `import:org:<id>`. Kept in Postgres so every instance counts together.
 */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Open event streams, leased: a stream refreshes seen_at while it lives and deletes its row when
 * it ends; a row whose instance died expires with its lease. Caps open streams per user.
 */
export const openStreams = pgTable(
  "open_streams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    orgId: uuid("org_id").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("open_streams_user_idx").on(t.userId, t.seenAt)],
);

/** Failed sign-ins per account (lower-cased email), for the per-account lockout. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.createdAt)],
);
