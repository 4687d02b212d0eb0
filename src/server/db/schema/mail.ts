import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Development outbox: mail that would have gone out when no SMTP_URL is configured.
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_outbox_to_idx").on(t.to, t.createdAt)],
);
