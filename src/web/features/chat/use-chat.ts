import { useCallback, useEffect, useReducer, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import type { ChatMessage } from "@/shared/chat";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { chatKeys } from "./api/chat-keys";
import { conversationQuery } from "./api/get-conversations";
import { decideChatAction } from "./api/mutate-chat";
import { streamChatMessage, type ChatStreamEvent } from "./api/stream-message";
import { chatFailureKeys } from "./lib/chat-failure";
import { chatReducer, emptyChat, localMessage } from "./lib/chat-state";

const now = () => new Date().toISOString();

/**
 * One orchestrator conversation: send (the reply streams in), Stop, reopen from History, start
 * afresh, and confirm or cancel a proposed action. Leaving the page stops a running reply.
 */
export function useChat(agentId: string | null) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const { t } = useTranslation("chat");
  const [state, dispatch] = useReducer(chatReducer, emptyChat);
  const running = useRef<AbortController | null>(null);
  const conversationId = useRef<string | null>(null);
  conversationId.current = state.conversationId;

  useEffect(() => () => running.current?.abort(), []);

  /**
   * A failed answer says why and what to do, in the reader's language: from the stream's code, or
   * the server's own refusal before the stream (a spent model budget says which and until when).
   */
  const fail = useCallback(
    (message: ChatMessage | null, code?: string, refusal?: string) => {
      const keys = chatFailureKeys(code);
      const body = refusal ?? t(keys.body);
      toast.error(t(keys.title), refusal || code ? { description: body } : undefined);
      dispatch({ type: "failed", message: message ? { ...message, content: body } : localMessage("system", body, crypto.randomUUID(), now()) });
    },
    [t],
  );

  const send = useCallback(
    async (text: string) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      dispatch({ type: "sent", message: localMessage("user", text.trim(), crypto.randomUUID(), now()) });
      let ended = false;
      const onEvent = (event: ChatStreamEvent) => {
        if (event.name === "start") dispatch({ type: "start", conversationId: event.data.conversation_id, userMessage: event.data.user_message });
        else if (event.name === "delta") dispatch({ type: "delta", text: event.data.text });
        else if (event.name === "action") dispatch({ type: "action", action: event.data });
        else if (event.name === "done") {
          ended = true;
          dispatch({ type: "done", message: event.data.message });
        } else {
          ended = true;
          fail(event.data.message, event.data.code);
        }
      };
      try {
        await streamChatMessage(orgId, { conversation_id: conversationId.current, channel: "orchestrator", agent_id: agentId, message: text.trim() }, onEvent, controller.signal);
        // The connection closed before the reply said it was done: as much a failure as an error event.
        if (!ended) fail(null);
      } catch (error) {
        if (controller.signal.aborted) dispatch({ type: "stopped", at: now(), id: crypto.randomUUID() });
        // A refusal (4xx: a spent budget, a role) says the server's words; a server failure (5xx) the generic text.
        else if (!ended) fail(null, undefined, error instanceof ApiError && error.code !== "network" && error.status < 500 ? error.message : undefined);
      } finally {
        running.current = null;
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgId, "orchestrator") });
      }
    },
    [orgId, agentId, fail, queryClient],
  );

  const stop = useCallback(() => running.current?.abort(), []);

  const reset = useCallback(() => {
    running.current?.abort();
    dispatch({ type: "reset" });
  }, []);

  /** Reopens a stored conversation; throws when it cannot be loaded, for the caller to say so. */
  const open = useCallback(
    async (id: string) => {
      running.current?.abort();
      const { conversation, messages } = await queryClient.fetchQuery(conversationQuery(orgId, id));
      dispatch({ type: "opened", conversationId: conversation.id, messages });
    },
    [orgId, queryClient],
  );

  const decide = useCallback(
    async (messageId: string, actionId: string, decision: "confirm" | "cancel") => {
      dispatch({ type: "replaced", message: await decideChatAction(orgId, messageId, actionId, decision) });
    },
    [orgId],
  );

  return { ...state, isStreaming: state.pending !== null, send, stop, reset, open, decide };
}
