import type { ChatFailureCode } from "@/shared/chat";
import { LlmError } from "../../lib/llm/types";

/** The stream's stable failure code for an answer that failed: the screen says it in the reader's words. */
export function chatFailureCode(error: unknown): ChatFailureCode {
  if (!(error instanceof LlmError)) return "answer_failed";
  if (error.status === 429) return "model_rate_limited";
  if (error.kind === "timeout") return "model_timeout";
  if (error.kind === "refused") return "model_refused";
  if (error.kind === "blocked") return "model_blocked";
  if (error.kind === "unreachable" && error.status === undefined) return "model_unreachable";
  return "model_error";
}
