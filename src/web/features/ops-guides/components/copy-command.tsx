import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";

/** Copies text and says so: the spec's toast 'Copied {label}'. A refused clipboard says how to copy by hand. */
export function useCopy() {
  const { t } = useTranslation("opsGuides");
  return async (text: string, label: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("copied", { label }));
      return true;
    } catch {
      toast.error(t("copyFailed", { label }));
      return false;
    }
  };
}

/** One command: its label, the text as it will be pasted, and a Copy button. */
export function CopyCommand({ label, command }: { label: string; command: string }) {
  const { t } = useTranslation("opsGuides");
  const copy = useCopy();
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    if (await copy(command, label)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <figure className="grid gap-1">
      <div className="flex items-center justify-between gap-2">
        <figcaption className="text-sm font-medium">{label}</figcaption>
        <Button type="button" variant="outline" size="sm" onClick={() => void onCopy()} aria-label={t("copyLabel", { label })}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t("copy")}
        </Button>
      </div>
      {/* Focusable so a keyboard user can scroll a long command sideways. */}
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
        <code>{command}</code>
      </pre>
    </figure>
  );
}
