import type { AnswerSource } from "@/shared/chat";
import { answerBuiltin } from "./answer-builtin";
import { answerWithLlm } from "./answer-llm";
import { throwIfStopped, type AnswerRequest, type AnswerResult, type AnswerSink } from "./answer-types";
import type { ChatCtx } from "./chat-ctx";
import { llmTargetOf } from "./llm-target";
import { askN8nAgent, n8nAgentOf } from "./n8n-agent";

/** Who may answer, in order: the chosen agent first, then the ones after it; the built-in one always can. */
export function answerChain(agentId: string | null | undefined): AnswerSource[] {
  if (agentId === "builtin") return ["builtin"];
  if (agentId === "llm") return ["llm", "builtin"];
  return ["n8n", "llm", "builtin"];
}

/**
 * Answers one message: the organisation's n8n agent when it is enabled and reachable (a failure
 * falls through), else an LLM when a key is set, else the built-in assistant.
 */
export async function answerMessage(ctx: ChatCtx, req: AnswerRequest, sink: AnswerSink): Promise<AnswerResult> {
  for (const source of answerChain(req.agentId)) {
    throwIfStopped(req.signal);
    if (source === "n8n") {
      const agent = await n8nAgentOf(ctx);
      if (!agent?.isCallable) continue;
      const reply = await askN8nAgent(ctx, agent, { id: req.id, message: req.message, history: req.history, signal: req.signal });
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
