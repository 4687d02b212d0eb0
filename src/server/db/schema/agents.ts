import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";
import { projects } from "./work";

/**
 * Agents and workflows (spec: Automation). config_json holds the trigger's own settings; for an
 * agent: provider, webhook_path, instructions, project_default, tags, description. An organisation
 * has at most one agent, which the partial unique index holds even when two creates race.
 */
export const automations = pgTable(
  "automations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    trigger: text("trigger").notNull(),
    status: text("status").notNull().default("enabled"),
    configJson: jsonb("config_json").$type<Record<string, unknown>>().notNull().default({}),
    // Bumped on every write, so an edit based on an old read is refused rather than undoing another.
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automations_one_agent_per_org").on(t.orgId).where(sql`${t.trigger} = 'agent'`),
    index("automations_org_trigger_idx").on(t.orgId, t.trigger, t.createdAt),
  ],
);

/**
 * A job sent to the organisation's n8n agent and its outcome. The queue carries only the job id;
 * this row is the truth owners see: state queued → sending → sent → done | failed, with attempts,
 * the last error and timings. agent_key names a built-in target ('project-healer') when agent_id
 * is null. claimed_at: when n8n's workflow claimed the job before doing its work (agent-claim),
 * which it may do once, so a job delivered twice is worked once.
 */
export const agentJobs = pgTable(
  "agent_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id").references(() => automations.id, { onDelete: "set null" }),
    agentKey: text("agent_key"),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    kind: text("kind").notNull().default("dispatch"),
    message: text("message").notNull(),
    context: jsonb("context").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agent_jobs_org_created_idx").on(t.orgId, t.createdAt),
    index("agent_jobs_org_state_idx").on(t.orgId, t.state),
    // The sweep for sent jobs n8n never reported on.
    index("agent_jobs_sent_idx").on(t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);

/**
 * An agent Test in flight: the signed ping's id, answered when n8n's workflow calls agent-claim
 * back with it. The Test passes only on that answer (the round trip both ways, signed).
 */
export const agentPings = pgTable("agent_pings", {
  id: uuid("id").primaryKey().defaultRandom(),
  orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
  agentId: uuid("agent_id").references(() => automations.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp("answered_at", { withTimezone: true }),
});

/** A chat conversation belongs to one user in one organisation; nobody else reads it. */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    // 'orchestrator' (the AI chat) or 'dev' (the dev console).
    channel: text("channel").notNull().default("orchestrator"),
    title: text("title").notNull(),
    agentId: text("agent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversations_org_user_updated_idx").on(t.orgId, t.userId, t.updatedAt)],
);

/** metadata: the answer's source (n8n, llm, builtin), actions taken (cards), a workflow name. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id").notNull().references(() => conversations.id, { onDelete: "cascade" }),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt)],
);

/** Product events from the browser: a name and details, tied to a user id and nothing more personal. */
export const telemetryEvents = pgTable(
  "telemetry_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").references(() => organisations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By organisation and time for the owners' list (GET …/telemetry).
  (t) => [index("telemetry_events_created_idx").on(t.createdAt), index("telemetry_events_org_created_idx").on(t.orgId, t.createdAt)],
);
