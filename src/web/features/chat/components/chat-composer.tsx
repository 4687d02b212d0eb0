import type { KeyboardEvent, Ref } from "react";
import { Send, Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";
import { isSendable, keyIntent } from "../lib/composer";

type Props = { ref: Ref<HTMLTextAreaElement>; value: string; onChange: (text: string) => void; onSend: () => void; onStop: () => void; isStreaming: boolean };

/** The message box: Enter sends, Shift+Enter makes a new line; disabled while the agent answers. */
export function ChatComposer({ ref, value, onChange, onSend, onStop, isStreaming }: Props) {
  const { t } = useTranslation("chat");
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (keyIntent({ key: e.key, shiftKey: e.shiftKey, altKey: e.altKey, isComposing: e.nativeEvent.isComposing }) !== "send") return;
    e.preventDefault();
    if (!isStreaming && isSendable(value)) onSend();
  };
  return (
    <form
      className="grid gap-2 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isStreaming && isSendable(value)) onSend();
      }}
    >
      <label htmlFor="chat-message" className="sr-only">
        {t("composer.label")}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={ref}
          id="chat-message"
          rows={2}
          className="min-h-12 resize-none"
          placeholder={t("composer.placeholder")}
          aria-describedby="chat-hint"
          value={value}
          disabled={isStreaming}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {isStreaming ? (
          <Button type="button" variant="outline" onClick={onStop}>
            <Square aria-hidden />
            {t("composer.stop")}
          </Button>
        ) : (
          <Button type="submit" disabled={!isSendable(value)}>
            <Send aria-hidden />
            {t("composer.send")}
          </Button>
        )}
      </div>
      <p id="chat-hint" className="text-xs text-muted-foreground">
        {isStreaming ? t("composer.processing") : t("composer.hint")}
      </p>
    </form>
  );
}
