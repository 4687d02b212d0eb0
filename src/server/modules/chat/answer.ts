import { answerBuiltin } from "./answer-builtin";
import { answerChain } from "./answer-chain";
import { answerWithLlm } from "./answer-llm";
import { throwIfStopped, type AnswerRequest, type AnswerResult, type AnswerSink } from "./answer-types";
import type { ChatCtx } from "./chat-ctx";
import { llmTargetOf } from "./llm-target";
import { askN8nAgent, n8nAgentOf } from "./n8n-agent";
import { LlmError } from "../../lib/llm/types";
import { formatMs } from "../../lib/outbound-fetch";


/**
 * Answers one message within CHAT_ANSWER_TIMEOUT_MS for the whole of it (every model round and tool
 * call together): past it the answer fails as timed out, and what arrived is kept by the caller.
 */
export async function answerMessage(ctx: ChatCtx, req: AnswerRequest, sink: AnswerSink): Promise<AnswerResult> {
  const totalMs = ctx.env.CHAT_ANSWER_TIMEOUT_MS;
  const limit = AbortSignal.timeout(totalMs);
  const deadlineAt = Date.now() + totalMs;
  try {
    return await answerFromChain(ctx, { ...req, signal: AbortSignal.any([req.signal, limit]), deadlineAt }, sink);
  } catch (error) {
    // The last round's own cap is what the whole answer had left, so it may fire a moment first.
    const ranOut = limit.aborted || (error instanceof LlmError && error.kind === "timeout" && Date.now() >= deadlineAt - 100);
    if (ranOut && !req.signal.aborted) throw new LlmError("timeout", `The answer did not finish within ${formatMs(totalMs)}`);
    throw error;
  }
}

/**
 * The organisation's n8n agent when it is enabled and reachable (a failure falls through), else an
 * LLM when a key is set, else the built-in assistant.
 */
async function answerFromChain(ctx: ChatCtx, req: AnswerRequest, sink: AnswerSink): Promise<AnswerResult> {
  for (const source of answerChain(req.agentId)) {
    throwIfStopped(req.signal);
    if (source === "n8n") {
      const agent = await n8nAgentOf(ctx);
      if (!agent?.isCallable) continue;
      const reply = await askN8nAgent(ctx, agent, { id: req.id, message: req.message, history: req.history, signal: req.signal, deadlineAt: req.deadlineAt });
      if (!reply) continue;
      await sink.text(reply.message);
      return { source, ...(reply.workflow ? { workflow: reply.workflow } : {}) };
    }
    if (source === "llm") {
      const resolved = await llmTargetOf(ctx);
      if (!resolved) continue;
      await answerWithLlm(ctx, resolved.target, req, sink);
      return { source };
    }
    await answerBuiltin(ctx, req.message, sink);
    return { source };
  }
  // Unreachable: every chain ends with the built-in assistant.
  throw new Error("No assistant answered");
}
