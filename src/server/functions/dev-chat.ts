import type { Context } from "hono";
import type { z } from "zod";
import { CHAT_FAILED_SYSTEM_MESSAGE, devChatInput, type devChatResponse } from "@/shared/chat";
import type { AppEnv } from "../context";
import { AppError } from "../lib/errors";
import { parseBody } from "../lib/parse";
import { collectAnswer } from "../modules/chat/collect-answer";
import { chargeModelCall } from "../modules/chat/llm-target";
import { aiFunctionCtx, ownedOrgOf } from "../modules/chat/function-scope";
import { openConversation, recentHistory, storeMessage } from "../modules/chat/store-message";

/**
 * The dev console: the command is answered by the same assistant as the chat (so "status" gives
 * real counts) and kept in the caller's 'dev' conversation, whose id comes back.
 */
export async function devChat(c: Context<AppEnv>) {
  const input = await parseBody(c, devChatInput);
  const orgId = input.context?.org_id ?? (await ownedOrgOf(c));
  const ctx = await aiFunctionCtx(c, orgId, input.context?.tz);
  // "status" is the built-in counts (ADR 009), whatever model is configured, and costs no model call.
  const isStatus = input.command.trim().toLowerCase() === "status";
  if (!isStatus) await chargeModelCall(ctx, null);
  const conversation = await openConversation(ctx, { conversationId: input.context?.conversation_id, channel: "dev", agentId: null, firstMessage: input.command });
  if (conversation.channel !== "dev") throw new AppError("not_found", "Conversation not found");
  const history = input.context?.conversation_id ? await recentHistory(ctx.db, conversation.id) : [];
  const command = await storeMessage(ctx.db, conversation, { role: "user", content: input.command });
  let answer;
  try {
    answer = await collectAnswer(ctx, { id: command.id, message: input.command, history, agentId: isStatus ? "builtin" : null, signal: c.req.raw.signal });
  } catch (error) {
    await storeMessage(ctx.db, conversation, { role: "system", content: CHAT_FAILED_SYSTEM_MESSAGE });
    c.get("services").logger.warn("dev-chat answer failed", { orgId, error: error instanceof Error ? error.message : String(error) });
    throw new AppError("unavailable", CHAT_FAILED_SYSTEM_MESSAGE);
  }
  const stored = await storeMessage(ctx.db, conversation, { role: "assistant", content: answer.content, metadata: answer.metadata });
  const body: z.infer<typeof devChatResponse> = { command: input.command, response: answer.content, timestamp: stored.createdAt.toISOString(), conversationId: conversation.id };
  return c.json(body);
}
