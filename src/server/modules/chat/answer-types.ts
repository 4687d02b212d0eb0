import type { AnswerSource, ChatMessage } from "@/shared/chat";
import type { ToolOutcome } from "./tools/tool-types";

export type HistoryItem = { role: ChatMessage["role"]; content: string };
/** Where an answer goes as it is made: text pieces and tool outcomes, in order. */
export type AnswerSink = { text: (piece: string) => Promise<void>; action: (outcome: ToolOutcome) => Promise<void> };
/**
 * id: the user message's, used to sign the n8n call. agentId: 'n8n' | 'llm' | 'builtin' or none.
 * deadlineAt: when the whole answer must be done (answer.ts sets it); each model round gets what is left.
 */
export type AnswerRequest = { id: string; message: string; history: HistoryItem[]; agentId?: string | null; signal: AbortSignal; deadlineAt?: number };
export type AnswerResult = { source: AnswerSource; workflow?: { name: string } };

/** The user pressed Stop (the request went away): what arrived so far is kept. */
export class AnswerStopped extends Error {
  constructor() {
    super("Stopped");
  }
}

export function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw new AnswerStopped();
}
