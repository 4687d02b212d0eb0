import { useTranslation } from "react-i18next";
import type { ChatAction, ChatMessage } from "@/shared/chat";
import { cn } from "@/web/lib/cn";
import { ActionCard } from "./action-card";

type Props = {
  role: ChatMessage["role"];
  content: string;
  metadata?: ChatMessage["metadata"];
  actions?: ChatAction[];
  isStreaming?: boolean;
  onDecide?: (actionId: string, decision: "confirm" | "cancel") => Promise<void>;
};

const looks = {
  user: "ml-auto bg-primary text-primary-foreground",
  assistant: "mr-auto bg-muted",
  system: "mx-auto border border-destructive/40 bg-destructive/10",
} as const;

export function MessageBubble({ role, content, metadata = {}, actions = metadata.actions ?? [], isStreaming = false, onDecide }: Props) {
  const { t } = useTranslation("chat");
  return (
    <li data-role={role} aria-busy={isStreaming || undefined} className={cn("grid max-w-[85%] gap-2 rounded-lg px-4 py-3 text-sm", looks[role])}>
      <span className="text-xs font-medium opacity-80">
        {t(`roles.${role}`)}
        {role === "assistant" && metadata.source && ` · ${t(`source.${metadata.source}`)}`}
      </span>
      {content && <p className="whitespace-pre-wrap break-words">{content}</p>}
      {isStreaming && !content && <span className="animate-pulse">…</span>}
      {metadata.workflow && <span className="text-xs opacity-80">{t("workflow", { name: metadata.workflow.name })}</span>}
      {actions.length > 0 && (
        <ul className="grid gap-2">
          {actions.map((action) => (
            <li key={action.id}>
              <ActionCard action={action} onDecide={onDecide && ((decision) => onDecide(action.id, decision))} />
            </li>
          ))}
        </ul>
      )}
      {metadata.stopped && <span className="text-xs italic opacity-80">{t("stopped")}</span>}
      {metadata.interrupted && <span className="text-xs italic opacity-80">{t("interrupted")}</span>}
    </li>
  );
}
