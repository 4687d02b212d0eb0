import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";

/**
 * One connection per organisation and provider. auth_json holds the non-secret fields in clear
 * (endpoint, description) and every secret (apiKey, tokens) as an AES-256-GCM envelope string,
 * bound to (org_id, id) as associated data, so a copied ciphertext does not decrypt elsewhere.
 */
export const connections = pgTable(
  "connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").notNull().default("disconnected"),
    authJson: jsonb("auth_json").$type<Record<string, string | null>>(),
    tested: boolean("tested").notNull().default(false),
    testedAt: timestamp("tested_at", { withTimezone: true }),
    testOutcome: text("test_outcome"),
    testMessage: text("test_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("connections_org_provider_unique").on(t.orgId, t.provider)],
);

/**
 * Who did what to which record, and when; never a secret. Auth events (sign-in, lockout, password
 * change) belong to a person, not an organisation: their org_id is null and ip is set.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").references(() => organisations.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id"),
    ip: text("ip"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_org_created_idx").on(t.orgId, t.createdAt.desc(), t.id), index("audit_log_actor_created_idx").on(t.actorUserId, t.createdAt),
    // A task's activity: its own rows, newest first.
    index("audit_log_target_idx").on(t.orgId, t.targetType, t.targetId, t.createdAt.desc())],
);

/**
 * A value encrypted under SECRET_KEY at first start. Start-up decrypts it: a wrong key stops the
 * server at once instead of failing later on the first stored secret it meets.
 */
export const secretKeyCheck = pgTable("secret_key_check", {
  id: smallint("id").primaryKey().default(1),
  canary: text("canary").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true }),
});
