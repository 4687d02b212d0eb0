import type { AnswerSource } from "@/shared/chat";

/** Who may answer, in order: the chosen agent first, then the ones after it; the built-in one always can. */
export function answerChain(agentId: string | null | undefined): AnswerSource[] {
  if (agentId === "builtin") return ["builtin"];
  if (agentId === "llm") return ["llm", "builtin"];
  return ["n8n", "llm", "builtin"];
}
