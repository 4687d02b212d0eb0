import { chatFailureCodes, type ChatFailureCode } from "@/shared/chat";

/**
 * The chat namespace's keys that say why an answer failed and what to do, from the stream's code.
 * No code (an older server, a dropped connection) or one this screen does not know: the generic text.
 */
type Said = Exclude<ChatFailureCode, "answer_failed">;
export type ChatFailureKeys = { title: "failedToast" | `failure.${Said}.title`; body: "failedSystem" | `failure.${Said}.body` };

export function chatFailureKeys(code: string | undefined): ChatFailureKeys {
  if (!isKnownFailure(code) || code === "answer_failed") return { title: "failedToast", body: "failedSystem" };
  return { title: `failure.${code}.title`, body: `failure.${code}.body` };
}

const isKnownFailure = (code: string | undefined): code is ChatFailureCode => (chatFailureCodes as readonly string[]).includes(code ?? "");
