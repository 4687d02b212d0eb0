import { customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A personal-data export (GDPR art. 15/20): of one user (scope 'user') or of one organisation
 * (scope 'org', owners only). Built by a background job into `file` (a zip, capped in size),
 * downloadable by the requester only until expires_at (24 h). status: queued → running → done | failed.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    orgId: uuid("org_id").references(() => organisations.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    file: bytea("file"),
    fileSize: integer("file_size"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("data_exports_user_created_idx").on(t.userId, t.createdAt), index("data_exports_org_idx").on(t.orgId)],
);
