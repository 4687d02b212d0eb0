import type { z } from "zod";
import { CHAT_FAILED_SYSTEM_MESSAGE, CHAT_INTERRUPTED_SYSTEM_MESSAGE, type ChatMessage, type ChatStreamEventName, type sendChatMessageInput } from "@/shared/chat";
import type { chatMessages, conversations } from "../../db/schema";
import { LlmError } from "../../lib/llm/types";
import type { Logger } from "../../lib/logger";
import { answerMessage } from "./answer";
import { AnswerStopped, type AnswerResult, type HistoryItem } from "./answer-types";
import type { ChatCtx } from "./chat-ctx";
import type { ChatEventData } from "./chat-language";
import { chatFailureCode } from "./chat-failure-code";
import { chargeModelCall } from "./llm-target";
import { recordAnswer } from "./collect-answer";
import { toChatMessage } from "./message-row";
import { openConversation, recentHistory, storeMessage } from "./store-message";

export type StartedMessage = { conversation: typeof conversations.$inferSelect; userMessage: typeof chatMessages.$inferSelect; history: HistoryItem[]; agentId: string | null };
type ChatEmit = <E extends ChatStreamEventName>(event: E, data: ChatEventData<E>) => Promise<void>;

/** Before the stream opens: the conversation (the caller's own or a new one) and the stored user message. */
export async function startChatMessage(ctx: ChatCtx, input: z.infer<typeof sendChatMessageInput>): Promise<StartedMessage> {
  // A message over the model budget is refused (429) before anything is stored or a conversation made.
  if (!input.conversation_id) await chargeModelCall(ctx, input.agent_id);
  const conversation = await openConversation(ctx, { conversationId: input.conversation_id, channel: input.channel, agentId: input.agent_id, firstMessage: input.message });
  if (input.conversation_id) await chargeModelCall(ctx, input.agent_id ?? conversation.agentId);
  const history = input.conversation_id ? await recentHistory(ctx.db, conversation.id) : [];
  const userMessage = await storeMessage(ctx.db, conversation, { role: "user", content: input.message });
  return { conversation, userMessage, history, agentId: input.agent_id ?? conversation.agentId };
}

/**
 * Answers a started message, emitting start, delta*, action*, then done or error. Stopped (the
 * signal): what arrived is stored with stopped=true. Failed: the system message is stored and sent.
 */
export async function replyToMessage(ctx: ChatCtx, started: StartedMessage, emit: ChatEmit, stopSignal: AbortSignal, logger: Logger, stopping?: AbortSignal): Promise<ChatMessage | null> {
  const { conversation, userMessage } = started;
  // The reader's Stop, or the server stopping (stored as interrupted, and said).
  const signal = stopping ? AbortSignal.any([stopSignal, stopping]) : stopSignal;
  // A reader gone away must not fail the answer: what it would have read is stored anyway.
  const send = <E extends ChatStreamEventName>(event: E, data: ChatEventData<E>) => (signal.aborted ? Promise.resolve() : emit(event, data).catch(() => undefined));
  const answer = recordAnswer({ text: (piece) => send("delta", { text: piece }), action: (outcome) => send("action", outcome.action) });

  await send("start", { conversation_id: conversation.id, user_message: toChatMessage(userMessage) });
  let result: AnswerResult;
  try {
    result = await answerMessage(ctx, { id: userMessage.id, message: userMessage.content, history: started.history, agentId: started.agentId, signal }, answer.sink);
  } catch (error) {
    if (stopping?.aborted && !stopSignal.aborted) {
      await storeMessage(ctx.db, conversation, { role: "assistant", content: answer.content(), metadata: answer.metadata({ interrupted: true }) });
      const system = toChatMessage(await storeMessage(ctx.db, conversation, { role: "system", content: CHAT_INTERRUPTED_SYSTEM_MESSAGE }));
      await emit("error", { message: system, error: CHAT_INTERRUPTED_SYSTEM_MESSAGE, code: "interrupted" }).catch(() => undefined);
      return system;
    }
    if (error instanceof AnswerStopped || signal.aborted) {
      await storeMessage(ctx.db, conversation, { role: "assistant", content: answer.content(), metadata: answer.metadata({ stopped: true }) });
      return null;
    }
    logger.warn("chat answer failed", { orgId: ctx.scope.orgId, conversationId: conversation.id, error: error instanceof Error ? error.message : String(error) });
    // Actions already taken changed the organisation's work: their cards stay in the history.
    if (answer.content() || answer.actions.length) await storeMessage(ctx.db, conversation, { role: "assistant", content: answer.content(), metadata: answer.metadata({}) });
    const system = toChatMessage(await storeMessage(ctx.db, conversation, { role: "system", content: CHAT_FAILED_SYSTEM_MESSAGE }));
    // A model's failure says why (its message never holds the key); anything else stays in the log.
    await send("error", { message: system, error: error instanceof LlmError ? error.message : "The answer failed", code: chatFailureCode(error) });
    return system;
  }
  const stored = await storeMessage(ctx.db, conversation, { role: "assistant", content: answer.content(), metadata: answer.metadata({ source: result.source, ...(result.workflow ? { workflow: result.workflow } : {}), ...(signal.aborted ? { stopped: true } : {}) }) });
  const message = toChatMessage(stored);
  await send("done", { message });
  return message;
}
