import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Send } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/textarea";

/** Enter sends, Shift+Enter adds a line; while a request runs the text stays and sending is ignored. */
export function HqComposer({ isBusy, onSend }: { isBusy: boolean; onSend: (text: string) => boolean }) {
  const { t } = useTranslation("hq");
  const [text, setText] = useState("");
  const submit = () => {
    if (onSend(text)) setText("");
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor="hq-message" className="sr-only">
          {t("composer.label")}
        </label>
        <Textarea id="hq-message" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={t("composer.placeholder")} aria-describedby="hq-hint" rows={2} className="min-h-16 resize-none" />
        <p id="hq-hint" className="sr-only">
          {t("composer.hint")}
        </p>
      </div>
      <Button type="submit" aria-disabled={isBusy || !text.trim()} className="aria-disabled:opacity-50">
        <Send aria-hidden />
        {isBusy ? t("composer.sending") : t("composer.send")}
      </Button>
    </form>
  );
}
