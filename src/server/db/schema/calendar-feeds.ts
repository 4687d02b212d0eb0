import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A user's private calendar subscription feed (one per user). Only the SHA-256 of the secret in the
 * feed's URL is kept: the secret has 256 random bits, so a fast hash is enough. Regenerating replaces
 * the hash (the old URL stops at once), revoking deletes the row. project_ids are the projects the
 * user chose beside their own assignments; the feed reads them through the user's current
 * memberships, so a project of an organisation they left never shows.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  hint: text("hint").notNull(),
  projectIds: jsonb("project_ids").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  // When a calendar app last read the feed (moved at most once a minute), so the card can say so.
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
});
