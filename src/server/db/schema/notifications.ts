import { boolean, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

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
