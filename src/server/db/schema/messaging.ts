import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";

/**
 * Chat channels (Telegram, WhatsApp) share these tables; `channel` names which one.
 * The provider's credentials stay in `connections.auth_json` (sealed); these rows hold what the
 * card shows (the bot's name, the last update, the last error) and who is linked to which chat.
 */
export const messagingChannels = pgTable(
  "messaging_channels",
  {
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    // What the provider calls the account (Telegram: the bot's @username), learnt by the last passing test.
    accountName: text("account_name"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.channel] })],
);

/** A member's chat on a channel: one chat per member and channel, one member per chat. */
export const messagingLinks = pgTable(
  "messaging_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    chatId: text("chat_id").notNull(),
    // The member's last message from this chat: WhatsApp lets a business send free text for 24 h after it, a template after that.
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("messaging_links_member_unique").on(t.orgId, t.userId, t.channel), uniqueIndex("messaging_links_chat_unique").on(t.orgId, t.channel, t.chatId)],
);

/** One-time link codes: only the SHA-256 of the code is kept; used or expired codes link nothing. */
export const messagingLinkCodes = pgTable(
  "messaging_link_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("messaging_link_codes_member_idx").on(t.orgId, t.userId, t.channel)],
);

/** Updates received, by the provider's id: a replayed update finds its row and is ignored. */
export const messagingUpdates = pgTable(
  "messaging_updates",
  {
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    updateId: text("update_id").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.channel, t.updateId] }), index("messaging_updates_received_idx").on(t.receivedAt)],
);
