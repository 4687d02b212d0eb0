import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "@/shared/chat";
import type { PendingReply } from "../lib/chat-state";
import { ChatEmpty } from "./chat-empty";
import { MessageBubble } from "./message-bubble";

type Props = {
  messages: ChatMessage[];
  pending: PendingReply | null;
  onExample: (text: string) => void;
  onDecide: (messageId: string, actionId: string, decision: "confirm" | "cancel") => Promise<void>;
};

/**
 * The conversation, newest at the bottom, kept scrolled there as the answer streams in. It is a
 * polite live region: the streamed answer is busy until it is whole, then read once.
 */
export function MessageList({ messages, pending, onExample, onDecide }: Props) {
  const { t } = useTranslation("chat");
  const end = useRef<HTMLDivElement>(null);
  const last = pending ? pending.text.length + pending.actions.length : messages.length;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [last, messages.length]);

  if (messages.length === 0 && !pending) return <ChatEmpty onExample={onExample} />;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4">
      <div role="log" aria-label={t("log")} aria-live="polite">
        <ol className="grid gap-3">
          {messages.map((m) => (
            <MessageBubble
              key={m.id}
              role={m.role}
              content={m.content}
              metadata={m.metadata}
              // A message the browser made (after Stop) is not stored, so its actions cannot be decided here.
              onDecide={m.role === "assistant" && !m.metadata.stopped ? (actionId, decision) => onDecide(m.id, actionId, decision) : undefined}
            />
          ))}
          {pending && (
            <>
              <MessageBubble role="user" content={pending.userMessage.content} />
              <MessageBubble role="assistant" content={pending.text} actions={pending.actions} isStreaming />
            </>
          )}
        </ol>
      </div>
      <div ref={end} />
    </div>
  );
}
