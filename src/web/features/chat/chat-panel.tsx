import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { History, SquarePen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { ChatAgent } from "@/shared/chat";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/error-message";
import { AgentPicker } from "./components/agent-picker";
import { ChatComposer } from "./components/chat-composer";
import { HistoryDialog } from "./components/history-dialog";
import { MessageList } from "./components/message-list";
import { useChat } from "./use-chat";

/** The chat itself, once the agents are known: toolbar, conversation and message box. */
export function ChatPanel({ agents, readyCount }: { agents: ChatAgent[]; readyCount: number }) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const [agentId, setAgentId] = useState(() => agents.find((a) => a.ready)?.id ?? agents[0]?.id ?? "");
  const [draft, setDraft] = useState("");
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const chat = useChat(agentId || null);
  const wasStreaming = useRef(false);
  const [params, setParams] = useSearchParams();
  // The conversation in the address (?conversation=): a reload reopens it rather than an empty chat.
  const restoring = useRef(params.get("conversation"));

  useEffect(() => {
    const id = restoring.current;
    if (!id) return;
    chat.open(id).then(
      () => (restoring.current = null),
      (e: unknown) => {
        restoring.current = null;
        setParams((p) => withoutConversation(p), { replace: true });
        toast.error(t("history.openFailed"), { description: errorMessage(e, tc) });
      },
    );
    // Once, on arrival: later changes of the address come from this effect's sibling below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (restoring.current) return;
    const id = chat.conversationId;
    if (params.get("conversation") === (id ?? null)) return;
    setParams((p) => (id ? new URLSearchParams({ ...Object.fromEntries(p), conversation: id }) : withoutConversation(p)), { replace: true });
  }, [chat.conversationId, params, setParams]);

  // The box is disabled while the agent answers, which drops focus: it comes back once the answer is in.
  useEffect(() => {
    if (wasStreaming.current && !chat.isStreaming) input.current?.focus();
    wasStreaming.current = chat.isStreaming;
  }, [chat.isStreaming]);

  const send = () => {
    const text = draft;
    setDraft("");
    void chat.send(text);
  };
  const fill = (text: string) => {
    setDraft(text);
    input.current?.focus();
  };
  const startNew = () => {
    chat.reset();
    setDraft("");
    input.current?.focus();
  };
  const open = async (id: string) => {
    try {
      await chat.open(id);
      setHistoryOpen(false);
    } catch (e) {
      toast.error(t("history.openFailed"), { description: errorMessage(e, tc) });
    }
  };

  return (
    <Card className="flex h-[calc(100dvh-13rem)] min-h-[28rem] flex-col overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b p-3">
        <AgentPicker agents={agents} readyCount={readyCount} value={agentId} onChange={setAgentId} disabled={chat.isStreaming} />
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden />
            {t("history.button")}
          </Button>
          <Button variant="outline" size="sm" onClick={startNew}>
            <SquarePen aria-hidden />
            {t("newChat")}
          </Button>
        </div>
      </div>
      <MessageList messages={chat.messages} pending={chat.pending} onExample={fill} onDecide={chat.decide} />
      <ChatComposer ref={input} value={draft} onChange={setDraft} onSend={send} onStop={chat.stop} isStreaming={chat.isStreaming} />
      <HistoryDialog
        open={isHistoryOpen}
        onOpenChange={setHistoryOpen}
        currentId={chat.conversationId}
        onOpen={(id) => void open(id)}
        onDeleted={(id) => id === chat.conversationId && startNew()}
      />
    </Card>
  );
}

function withoutConversation(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("conversation");
  return next;
}
