import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import { formatTime } from "@/web/lib/format";
import type { HqChatMessage, HqConnection } from "../lib/hq-messages";

// In the app's language (lib/format.ts), like every other time on screen.
const timeOf = (d: Date) => formatTime(d, { hour: "2-digit", minute: "2-digit" });

/** The conversation as a log: new replies are read out by screen readers (aria-live polite). */
export function HqMessageList({ messages, connection, isBusy }: { messages: HqChatMessage[]; connection: HqConnection; isBusy: boolean }) {
  const { t } = useTranslation("hq");
  const end = useRef<HTMLDivElement>(null);
  // Braces matter: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length]);

  return (
    // The scrolling log is focusable, so keyboard users can scroll it; new items are announced.
    <div role="log" aria-live="polite" aria-relevant="additions" aria-label={t("messages.label")} tabIndex={0} className="flex-1 overflow-y-auto rounded-lg border bg-muted/30 p-4">
      <ol className="flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m.id} data-sender={m.sender} data-status={m.status} className={cn("flex flex-col", m.sender === "user" ? "items-end" : "items-start")}>
            <div
              className={cn(
                "max-w-[85%] whitespace-pre-line break-words rounded-lg px-3 py-2 text-sm",
                m.sender === "user" ? "bg-primary text-primary-foreground" : "border bg-background",
                m.status === "error" && m.sender === "system" && "border-destructive/60 text-destructive dark:text-red-300",
              )}
            >
              {m.text}
            </div>
            <span className="mt-1 text-xs text-muted-foreground">
              {m.sender === "user" ? t("messages.you") : t("messages.system")} <time dateTime={m.timestamp.toISOString()}>{t("messages.sentAt", { time: timeOf(m.timestamp) })}</time>
              {m.status === "error" && m.sender === "user" ? ` · ${t("messages.failed")}` : null}
            </span>
          </li>
        ))}
      </ol>
      {messages.length === 0 ? <p className="py-8 text-center text-sm text-muted-foreground">{connection === "unconfigured" ? t("messages.unconfigured") : connection === "testing" && isBusy ? t("messages.testing") : t("messages.empty")}</p> : null}
      <div ref={end} />
    </div>
  );
}
