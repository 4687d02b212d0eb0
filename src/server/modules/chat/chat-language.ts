import type { z } from "zod";
import type { ChatAction, ChatAgentsResponse, ChatMessage, chatStreamEvents, ChatStreamEventName } from "@/shared/chat";
import type { Language } from "@/shared/languages";
import { translateServerMessage } from "../../i18n/server-messages";
import { UNNAMED_N8N_AGENT } from "./chat-agents";

// An action card's title and detail are stored in English with the message and said in the
// reader's language when read (shared/i18n/messages), like the scan reports: a conversation
// reads right after a language switch, and so are the chat's own system messages. The assistant's
// own words are left as they were written (the built-in one writes in the reader's language).

export type ChatEventData<E extends ChatStreamEventName> = z.infer<(typeof chatStreamEvents)[E]>;

export function actionIn(lang: Language, action: ChatAction): ChatAction {
  if (lang === "en") return action;
  return { ...action, title: translateServerMessage(lang, action.title), detail: action.detail === null ? null : translateServerMessage(lang, action.detail) };
}

export function chatMessageIn(lang: Language, message: ChatMessage): ChatMessage {
  if (lang === "en") return message;
  // The chat's own system messages (a failed answer) are ours, stored in English.
  const said = message.role === "system" ? { ...message, content: translateServerMessage(lang, message.content) } : message;
  const actions = said.metadata.actions;
  if (!actions?.length) return said;
  return { ...said, metadata: { ...said.metadata, actions: actions.map((action) => actionIn(lang, action)) } };
}

/** A reply's stream event in the reader's language: the cards it carries. */
export function chatEventIn<E extends ChatStreamEventName>(lang: Language, event: E, data: ChatEventData<E>): ChatEventData<E> {
  if (lang === "en") return data;
  const said: { [K in ChatStreamEventName]: (d: ChatEventData<K>) => ChatEventData<K> } = {
    start: (d) => d,
    delta: (d) => d,
    action: (d) => actionIn(lang, d),
    done: (d) => ({ message: chatMessageIn(lang, d.message) }),
    error: (d) => ({ ...d, message: d.message && chatMessageIn(lang, d.message) }),
  };
  return (said[event] as (d: ChatEventData<E>) => ChatEventData<E>)(data);
}

/** The picker's agents: why one is not ready, and the built-in agents' names (the organisation's agent keeps its own). */
export function chatAgentsIn(lang: Language, response: ChatAgentsResponse): ChatAgentsResponse {
  if (lang === "en") return response;
  const agents = response.agents.map((agent) => ({
    ...agent,
    name: agent.source === "n8n" && agent.name !== UNNAMED_N8N_AGENT ? agent.name : translateServerMessage(lang, agent.name),
    detail: translateServerMessage(lang, agent.detail),
  }));
  return { ...response, agents };
}
