import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organisations } from "./organisations";
import { projects, tasks } from "./work";

/**
 * A project's private inbound address: `p-<token>@INBOUND_MAIL_DOMAIN`. The token is the only thing
 * that names the project, so it is long and random; regenerating it retires the old address at once.
 * allowed_senders: addresses (or `@domain`) whose mail becomes a task; members are always allowed.
 */
export const projectMailAddresses = pgTable(
  "project_mail_addresses",
  {
    projectId: uuid("project_id").primaryKey().references(() => projects.id, { onDelete: "cascade" }),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    allowedSenders: jsonb("allowed_senders").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("project_mail_addresses_token_unique").on(t.token), index("project_mail_addresses_org_idx").on(t.orgId)],
);

/**
 * Every mail the receiver accepted for an organisation, and what became of it: a task, a comment,
 * Gmail's forwarding confirmation (shown on the Gmail card, never a task), or held/refused with why.
 * (org_id, message_id) is unique: a mail delivered twice is one row, so one task.
 */
export const inboundMails = pgTable(
  "inbound_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    messageId: text("message_id").notNull(),
    kind: text("kind").notNull(),
    outcome: text("outcome").notNull(),
    sender: text("sender").notNull(),
    subject: text("subject").notNull().default(""),
    sizeBytes: integer("size_bytes").notNull().default(0),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    detail: text("detail"),
    confirmationCode: text("confirmation_code"),
    confirmationUrl: text("confirmation_url"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbound_mails_org_message_unique").on(t.orgId, t.messageId), index("inbound_mails_org_received_idx").on(t.orgId, t.receivedAt.desc())],
);

/**
 * The IMAP poller's one row (id 'imap'): which instance holds the lease to poll (only one polls at a
 * time; a crashed holder's lease lapses), and the last connection problem, shown on every Gmail card
 * because the mailbox is the operator's, not one organisation's.
 */
export const inboundImapState = pgTable("inbound_imap_state", {
  id: text("id").primaryKey(),
  holder: text("holder").notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
  lastPollAt: timestamp("last_poll_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  unknownRecipients: integer("unknown_recipients").notNull().default(0),
});
