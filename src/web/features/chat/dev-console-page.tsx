import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { useFeatureFlag } from "@/web/features/flags/use-feature-flag";
import { useCan } from "@/web/features/organisations/use-can";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { formatTime } from "@/web/lib/format";
import "./chat-i18n";
import { runDevCommand } from "./api/run-dev-command";
import { ChatNotice } from "./components/chat-notice";
import { isSendable, keyIntent } from "./lib/composer";
import { devErrorLine } from "./lib/dev-error-line";

/** Spec, section 3: a dev console history entry. */
type Entry = { id: number; command: string; response: string; timestamp: string; isError: boolean };

/** /dev: a command box and a scrolling history; it acts on the organisation, so owners only. */
export function DevConsolePage() {
  const { t } = useTranslation("chat");
  const canUse = useCan("chat.use");
  const isAiOn = useFeatureFlag("AI_ASSIST_ENABLED");
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("dev.title")}</h1>
        <p className="text-muted-foreground">{t("dev.subtitle")}</p>
      </div>
      {!canUse ? (
        <ChatNotice kind="denied" title={t("denied.title")}>
          {t("denied.body")}
        </ChatNotice>
      ) : !isAiOn ? (
        <ChatNotice kind="disabled" title={t("disabled.title")}>
          {t("disabled.flag")}
        </ChatNotice>
      ) : (
        <DevConsole />
      )}
    </div>
  );
}

function DevConsole() {
  const { t } = useTranslation("chat");
  const orgId = useOrgId();
  const [command, setCommand] = useState("");
  const [entries, setEntries] = useState<Entry[]>([]);
  const [isRunning, setRunning] = useState(false);
  const conversationId = useRef<string | null>(null);
  const nextId = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [entries.length]);

  const run = async () => {
    if (isRunning || !isSendable(command)) return;
    const text = command.trim();
    setCommand("");
    setRunning(true);
    const add = (response: string, timestamp: string, isError: boolean) =>
      setEntries((list) => [...list, { id: nextId.current++, command: text, response, timestamp, isError }]);
    try {
      const answer = await runDevCommand({ command: text, context: { org_id: orgId, conversation_id: conversationId.current, timestamp: new Date().toISOString() } });
      conversationId.current = answer.conversationId;
      add(answer.response, answer.timestamp, false);
    } catch (e) {
      add(devErrorLine(e), new Date().toISOString(), true);
    } finally {
      setRunning(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (keyIntent({ key: e.key, shiftKey: e.shiftKey, altKey: e.altKey, isComposing: e.nativeEvent.isComposing }) !== "send") return;
    e.preventDefault();
    void run();
  };

  return (
    <Card className="flex h-[calc(100dvh-13rem)] min-h-[24rem] flex-col overflow-hidden font-mono text-sm">
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {entries.length === 0 && <p className="text-muted-foreground">{t("dev.empty")}</p>}
        <div role="log" aria-label={t("dev.history")} aria-live="polite">
          <ol className="grid gap-3">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-1">
                <div className="flex justify-between gap-2">
                  <span className="font-semibold">&gt; {entry.command}</span>
                  <time dateTime={entry.timestamp} className="text-xs text-muted-foreground">
                    {formatTime(entry.timestamp, { timeStyle: "medium" })}
                  </time>
                </div>
                <pre className={entry.isError ? "whitespace-pre-wrap text-destructive" : "whitespace-pre-wrap"}>{entry.response}</pre>
              </li>
            ))}
          </ol>
        </div>
        <div ref={end} />
      </div>
      <form
        className="flex gap-2 border-t p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label htmlFor="dev-command" className="sr-only">
          {t("dev.label")}
        </label>
        <Input id="dev-command" autoComplete="off" spellCheck={false} placeholder={t("dev.placeholder")} value={command} onChange={(e) => setCommand(e.target.value)} onKeyDown={onKeyDown} />
        <Button type="submit" disabled={isRunning || !isSendable(command)}>
          <Play aria-hidden />
          {isRunning ? t("dev.running") : t("dev.run")}
        </Button>
      </form>
    </Card>
  );
}
