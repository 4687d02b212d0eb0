import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { z } from "zod";
import { agentChatInput, type agentChatResponse } from "@/shared/chat";
import type { AppEnv } from "../context";
import { AppError } from "../lib/errors";
import { LlmError } from "../lib/llm/types";
import { parseBody } from "../lib/parse";
import { collectAnswer } from "../modules/chat/collect-answer";
import { aiFunctionCtx } from "../modules/chat/function-scope";
import { chargeModelCall } from "../modules/chat/llm-target";

/**
 * A model that failed is the model service's fault, never a 500 of ours: a key it refused (or an
 * address the guard blocked) needs fixing, 424; anything else (down, slow, a stream that ended
 * early) may pass, 503 with Retry-After. Both say why; the message never holds the key.
 */
function modelFailure(error: unknown): unknown {
  if (!(error instanceof LlmError)) return error;
  const code = error.kind === "refused" || error.kind === "blocked" ? "upstream_failed" : "unavailable";
  return new AppError(code, `The model's answer failed: ${error.message}`);
}

/**
 * The spec's agent-chat: one message answered whole by the same assistant as the chat stream
 * (n8n agent, LLM or built-in). The body names the organisation; membership and role are checked.
 */
export async function agentChat(c: Context<AppEnv>) {
  const input = await parseBody(c, agentChatInput);
  const ctx = await aiFunctionCtx(c, input.orgId, input.context?.tz);
  await chargeModelCall(ctx, input.agentId);
  const history = input.context?.conversationHistory ?? [];
  const answer = await collectAnswer(ctx, { id: randomUUID(), message: input.message, history, agentId: input.agentId, signal: c.req.raw.signal }).catch((error: unknown) => {
    throw modelFailure(error);
  });
  const body: z.infer<typeof agentChatResponse> = {
    response: { message: answer.content, ...(answer.result.workflow ? { workflow: answer.result.workflow } : {}), ...(answer.actions.length ? { actions: answer.actions } : {}) },
    agent: { id: answer.result.source },
  };
  return c.json(body);
}
