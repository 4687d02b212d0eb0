import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";

/** better-auth's twoFactor plugin: the TOTP secret and the recovery codes, both encrypted by better-auth. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // False between "enable" and the first correct code: such a row never asks for a code at sign-in.
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** An organisation's sign-in rules, set by an owner; no row means nothing is required. */
export const organisationSecurity = pgTable("organisation_security", {
  orgId: uuid("org_id")
    .primaryKey()
    .references(() => organisations.id, { onDelete: "cascade" }),
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  // Bumped on every write; a write naming an older version is refused (409).
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

/**
 * Authenticator codes that signed someone in or turned two-factor on, kept for two minutes: a code
 * is taken once (RFC 6238 §5.2), though the server accepts it for 90 s. Only a hash is kept.
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
