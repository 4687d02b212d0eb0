import { streamChat } from "../../lib/llm/stream-chat";
import type { LlmMessage, LlmTarget } from "../../lib/llm/types";
import { throwIfStopped, type AnswerRequest, type AnswerSink } from "./answer-types";
import { localDateOf } from "./builtin/local-day";
import type { ChatCtx } from "./chat-ctx";
import { runTool } from "./tools/run-tool";
import { isToolName, llmTools } from "./tools/tool-defs";

/** Tool rounds per answer: a model that keeps calling tools is stopped here. */
export const MAX_TOOL_ROUNDS = 5;
const MAX_TOKENS = 1024;

function systemPrompt(ctx: ChatCtx): string {
  const d = localDateOf(ctx.tz, ctx.now());
  const today = `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  return [
    "You are the We Love HQ assistant. You help one organisation manage its projects and tasks.",
    `Today is ${today} in the user's time zone (${ctx.tz}).`,
    "Use the tools to read or change tasks; never say you did something no tool did. Deleting a task asks the user to confirm in the chat.",
    "Answer briefly, in plain text.",
  ].join(" ");
}

/** Streams the model's answer; tool calls run through the same tools as the built-in assistant and go back to it. */
export async function answerWithLlm(ctx: ChatCtx, target: LlmTarget, req: AnswerRequest, sink: AnswerSink): Promise<void> {
  const messages: LlmMessage[] = [
    { role: "system", content: systemPrompt(ctx) },
    ...req.history.flatMap((h): LlmMessage[] => (h.role === "system" ? [] : [{ role: h.role, content: h.content }])),
    { role: "user", content: req.message },
  ];
  let wrote = false;
  for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
    let text = "";
    let separated = !wrote;
    const calls = [];
    // Each round may take the outbound cap, never more than the whole answer has left.
    const timeoutMs = Math.max(1, Math.min(ctx.env.OUTBOUND_TIMEOUT_MS, (req.deadlineAt ?? Infinity) - Date.now()));
    for await (const event of streamChat(target, { messages, tools: llmTools, maxTokens: MAX_TOKENS, signal: req.signal, timeoutMs })) {
      if (event.type === "text" && event.text) {
        if (!separated) await sink.text("\n\n");
        separated = true;
        text += event.text;
        wrote = true;
        await sink.text(event.text);
      } else if (event.type === "tool_calls") calls.push(...event.calls);
    }
    throwIfStopped(req.signal);
    if (calls.length === 0) return;
    messages.push({ role: "assistant", content: text, toolCalls: calls });
    for (const call of calls) {
      if (!isToolName(call.name)) {
        messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: `There is no tool named ${call.name}.` });
        continue;
      }
      const outcome = await runTool(ctx, { name: call.name, args: call.arguments });
      await sink.action(outcome);
      const note = outcome.action.state === "needs_confirmation" ? " (Waiting for the user to confirm in the chat; it has not happened yet.)" : "";
      messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: outcome.text + note });
      throwIfStopped(req.signal);
    }
  }
  await sink.text(`${wrote ? "\n\n" : ""}I stopped after ${MAX_TOOL_ROUNDS} rounds of actions. Tell me what to do next.`);
}
