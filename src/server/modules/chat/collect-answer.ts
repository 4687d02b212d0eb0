import type { ChatAction } from "@/shared/chat";
import { answerMessage } from "./answer";
import type { AnswerRequest, AnswerResult, AnswerSink } from "./answer-types";
import type { ChatCtx } from "./chat-ctx";
import type { StoredMetadata } from "./message-row";
import type { PendingAction } from "./tools/tool-types";

export type CollectedAnswer = { content: string; actions: ChatAction[]; result: AnswerResult; metadata: StoredMetadata };

/** Keeps what an answer made as it arrives (text, action cards, actions awaiting a yes), passing each piece on. */
export function recordAnswer(pass: Partial<AnswerSink> = {}) {
  let content = "";
  const actions: ChatAction[] = [];
  const pending: Record<string, PendingAction> = {};
  const sink: AnswerSink = {
    text: async (piece) => {
      content += piece;
      await pass.text?.(piece);
    },
    action: async (outcome) => {
      actions.push(outcome.action);
      if (outcome.pending) pending[outcome.action.id] = outcome.pending;
      await pass.action?.(outcome);
    },
  };
  const metadata = (extra: Partial<StoredMetadata>): StoredMetadata => ({ ...(actions.length ? { actions } : {}), ...(Object.keys(pending).length ? { pending } : {}), ...extra });
  return { sink, actions, content: () => content, metadata };
}

/** The same assistant as the chat stream, answered whole: for the functions that reply in one JSON. */
export async function collectAnswer(ctx: ChatCtx, req: AnswerRequest): Promise<CollectedAnswer> {
  const answer = recordAnswer();
  const result = await answerMessage(ctx, req, answer.sink);
  return { content: answer.content(), actions: answer.actions, result, metadata: answer.metadata({ source: result.source, ...(result.workflow ? { workflow: result.workflow } : {}) }) };
}
