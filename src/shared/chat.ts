import { z } from "zod";

// Contracts for the AI chat (/app/orchestrator and its aliases) and the dev console (/dev): the
// server parses with them, the browser renders them. A reply streams as server-sent events on the
// request that asked (never on the organisation's shared change stream).

export const CHAT_MESSAGE_MAX = 4000;
/** Spec, section 9: the chat sends the last 5 messages as history. */
export const CHAT_HISTORY_SENT = 5;
export const chatRoles = ["user", "assistant", "system"] as const;
export const chatChannels = ["orchestrator", "dev"] as const;
export type ChatChannel = (typeof chatChannels)[number];
/** Where an answer came from: the organisation's n8n agent, an LLM, or the built-in assistant. */
export const answerSources = ["n8n", "llm", "builtin"] as const;
export type AnswerSource = (typeof answerSources)[number];

export const CHAT_FAILED_TOAST = "Failed to process your message";
/** Stored and sent when the server stopped during an answer; the part that arrived is kept beside it. */
export const CHAT_INTERRUPTED_SYSTEM_MESSAGE = "The server restarted while answering; what arrived is kept above. Ask again in a moment.";
/** Why an answer failed, as the stream's error event names it (modules/chat/chat-failure-code.ts). */
export const chatFailureCodes = ["model_rate_limited", "model_timeout", "model_error", "model_refused", "model_unreachable", "model_blocked", "interrupted", "answer_failed"] as const;
export type ChatFailureCode = (typeof chatFailureCodes)[number];

export const CHAT_FAILED_SYSTEM_MESSAGE = "I encountered an error processing your request. Please try again or contact support if the issue persists.";

/** Optional: the user's IANA time zone, for "today", "friday" and "overdue" (UTC when left out). */
const userTimeZone = z.string().max(64).optional();
const messageText = z.string().trim().min(1, "Type a message").max(CHAT_MESSAGE_MAX, `Use at most ${CHAT_MESSAGE_MAX} characters`);

/**
 * What the assistant did, shown as a card with a link to what changed. A destructive action is
 * proposed first (state needs_confirmation) and runs only after the user confirms in the chat.
 */
export const chatAction = z.object({
  id: z.string(),
  tool: z.enum(["list_tasks", "search_tasks", "create_task", "complete_task", "delete_task", "summarise_project", "list_overdue", "assign_task", "label_task", "comment_task", "start_browser_task", "send_message_to_member", "create_calendar_event"]),
  state: z.enum(["done", "needs_confirmation", "confirmed", "cancelled", "failed"]),
  title: z.string(),
  detail: z.string().nullable(),
  /** An app address such as /app/projects/<id>, or null when nothing has one. */
  href: z.string().nullable(),
});
export type ChatAction = z.infer<typeof chatAction>;

export const chatMessageMetadata = z.object({
  source: z.enum(answerSources).optional(),
  actions: z.array(chatAction).optional(),
  workflow: z.object({ name: z.string() }).optional(),
  /** The user pressed Stop: the text is what had arrived by then. */
  stopped: z.boolean().optional(),
  /** The server stopped (a restart, a deploy) while answering: the text is what had arrived by then. */
  interrupted: z.boolean().optional(),
});

export const chatMessage = z.object({
  id: z.uuid(),
  role: z.enum(chatRoles),
  content: z.string(),
  created_at: z.string(),
  metadata: chatMessageMetadata,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversationSummary = z.object({
  id: z.uuid(),
  channel: z.enum(chatChannels),
  title: z.string(),
  agent_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** GET /api/v1/organisations/:orgId/chat/conversations?channel=orchestrator (newest first, 50) */
export const conversationListResponse = z.object({ conversations: z.array(conversationSummary) });
/** GET /api/v1/organisations/:orgId/chat/conversations/:conversationId */
export const conversationResponse = z.object({ conversation: conversationSummary, messages: z.array(chatMessage) });

/** One selectable agent: the organisation's n8n agent, the LLM assistant, or the built-in one. */
export const chatAgent = z.object({ id: z.string(), name: z.string(), source: z.enum(answerSources), ready: z.boolean(), detail: z.string() });
export type ChatAgent = z.infer<typeof chatAgent>;
/** GET /api/v1/organisations/:orgId/chat/agents: the selector and its 'N Agents Ready' badge. */
// ai_enabled is the server's AI_ASSIST_ENABLED: off, the page says so instead of offering a chat that cannot answer.
export const chatAgentsResponse = z.object({ agents: z.array(chatAgent), ready_count: z.number().int(), ai_enabled: z.boolean() });
export type ChatAgentsResponse = z.infer<typeof chatAgentsResponse>;

/** POST /api/v1/organisations/:orgId/chat/messages: answers as a text/event-stream of chatStreamEvent. */
export const sendChatMessageInput = z.object({
  conversation_id: z.uuid().nullish(),
  channel: z.enum(chatChannels).default("orchestrator"),
  agent_id: z.string().max(100).nullish(),
  message: messageText,
  tz: userTimeZone,
});
export type SendChatMessageInput = z.input<typeof sendChatMessageInput>;

/** Server-sent events of a reply, by event name; each data field is JSON of this shape. */
export const chatStreamEvents = {
  /** First: the conversation (new or given) and the stored user message. */
  start: z.object({ conversation_id: z.uuid(), user_message: chatMessage }),
  /** Text as it is generated. */
  delta: z.object({ text: z.string() }),
  /** A tool ran (or asks for confirmation). */
  action: chatAction,
  /** Last on success: the stored assistant message, whole. */
  done: z.object({ message: chatMessage }),
  /**
   * Last on failure: the stored system message (CHAT_FAILED_SYSTEM_MESSAGE), why in English (for the
   * log and API clients), and a stable code the screen turns into the reader's words and what to do.
   */
  error: z.object({ message: chatMessage.nullable(), error: z.string(), code: z.enum(chatFailureCodes).optional() }),
} as const;
export type ChatStreamEventName = keyof typeof chatStreamEvents;

/** POST /api/v1/organisations/:orgId/chat/messages/:messageId/confirm: run or cancel a proposed destructive action. */
export const confirmChatActionInput = z.object({ action_id: z.string().min(1).max(100), decision: z.enum(["confirm", "cancel"]) });
export const confirmChatActionResponse = z.object({ message: chatMessage });

// Function invocations (spec, section 7). Field names are the spec's.

/** POST /functions/v1/agent-chat */
export const agentChatInput = z.object({
  message: messageText,
  agentId: z.string().max(100).nullish(),
  orgId: z.uuid(),
  context: z
    .object({
      conversationHistory: z.array(z.object({ role: z.enum(chatRoles), content: z.string().max(CHAT_MESSAGE_MAX) })).max(CHAT_HISTORY_SENT).optional(),
      timestamp: z.string().max(64).optional(),
      tz: userTimeZone,
    })
    .optional(),
});
export const agentChatResponse = z.object({
  response: z.object({ message: z.string(), workflow: z.object({ name: z.string() }).optional(), actions: z.array(chatAction).optional() }),
  agent: z.object({ id: z.string() }),
});

/** POST /functions/v1/dev-chat */
export const devChatInput = z.object({
  command: messageText,
  context: z
    .object({ org_id: z.uuid().optional(), project_id: z.string().max(100).nullish(), service_id: z.string().max(100).nullish(), github_repo: z.string().max(200).nullish(), timestamp: z.string().max(64).optional(), conversation_id: z.uuid().nullish(), tz: userTimeZone })
    .optional(),
});
export const devChatResponse = z.object({ command: z.string(), response: z.string(), timestamp: z.string(), conversationId: z.uuid() });

/** POST /functions/v1/ai-assist */
export const aiAssistInput = z.object({ org_id: z.uuid(), project_id: z.uuid(), goal: z.string().trim().min(1, "Describe the goal").max(1000), context_ids: z.array(z.uuid()).max(50).default([]), tz: userTimeZone });
export const aiAssistResponse = z.object({
  status: z.enum(["ok", "empty"]),
  plan: z.array(z.object({ step: z.number().int(), title: z.string(), task_id: z.uuid().nullable(), reason: z.string() })),
  next_actions: z.array(z.string()),
});

const TELEMETRY_MAX_DETAILS = 20;
const TELEMETRY_MAX_BYTES = 4_096;
/** POST /functions/v1/telemetry: no personal data beyond the user id, which the server adds. */
export const telemetryInput = z.object({
  name: z.string().trim().min(1).max(100).regex(/^[a-z0-9_.:-]+$/i, "Use letters, digits, . _ : -"),
  // Bounded, so an event is a few keys of a few KB and the table grows with use, not with a client's whim.
  details: z
    .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= TELEMETRY_MAX_DETAILS, "Use at most 20 details")
    .refine((d) => JSON.stringify(d).length <= TELEMETRY_MAX_BYTES, "Details may take at most 4 KB")
    .default({}),
  /** Optional: the organisation the event happened in; stored only when the caller is a member. */
  org_id: z.uuid().optional(),
});
export const telemetryResponse = z.object({ ok: z.boolean(), received: z.string() });

/** GET /api/v1/organisations/:orgId/telemetry (owners): the organisation's recent events, newest first. */
export const TELEMETRY_PAGE_SIZE = 50;
export const telemetryListQuery = z.object({
  name: telemetryInput.shape.name.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TELEMETRY_PAGE_SIZE),
});
export const telemetryEvent = z.object({ id: z.string(), name: z.string(), details: z.record(z.string(), z.unknown()), user_id: z.string().nullable(), created_at: z.string() });
export const telemetryPage = z.object({ events: z.array(telemetryEvent), next_cursor: z.string().nullable() });
export type TelemetryPage = z.infer<typeof telemetryPage>;
