import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A personal-data export (GDPR art. 15/20): of one user (scope 'user') or of one organisation
 * (scope 'org', owners only). Built by a background job as a zip streamed into
 * data_export_chunks (constant memory, capped by EXPORT_MAX_MB), downloadable by the requester only until expires_at (24 h). status: queued → running → done | failed.
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
    fileSize: integer("file_size"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("data_exports_user_created_idx").on(t.userId, t.createdAt), index("data_exports_org_idx").on(t.orgId)],
);

/**
 * The zip of a finished export, in pieces of about a megabyte (seq from 0): written while the zip
 * is being made and read back one piece at a time on download, so neither holds the whole file.
 */
export const dataExportChunks = pgTable(
  "data_export_chunks",
  {
    exportId: uuid("export_id")
      .notNull()
      .references(() => dataExports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);
