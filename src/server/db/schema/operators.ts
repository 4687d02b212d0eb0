import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The platform's operators: the people who run this installation, apart from any organisation's
 * roles. They alone read the server's configuration, platform-wide diagnostics and smoke checks
 * (docs/permissions.md). Named here by `npm run operator -- add`, by OPERATOR_EMAILS, or, on a
 * fresh install with neither, the first verified account (src/server/lib/operators.ts).
 */
export const platformOperators = pgTable("platform_operators", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  // How they became one: "first_account", "cli".
  source: text("source").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
