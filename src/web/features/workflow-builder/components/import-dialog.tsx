import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromN8nText, type Imported } from "@/shared/n8n";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { useSharedText } from "../lib/shared-texts";
import { FileInput } from "@/web/components/ui/file-input";

// A file bigger than this is not a workflow anyone pasted from n8n; the server would refuse it too.
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** `onImported` gets one workflow (opened in the editor) or several (a file from `n8n export:workflow`, each saved). */
type Props = { open: boolean; onOpenChange: (open: boolean) => void; discardsChanges: boolean; onImported: (workflows: Imported[]) => void | Promise<void> };

/** Paste or choose an n8n workflow JSON; a mistake is said here and nothing in the editor changes until it imports. */
export function ImportDialog({ open, onOpenChange, discardsChanges, onImported }: Props) {
  const { t } = useTranslation("workflowBuilder");
  const said = useSharedText();
  const { t: tc } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const textId = useId();
  const fileId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setText("");
      setError(null);
      setFileNote(null);
    }
    onOpenChange(next);
  };

  // A file is read asynchronously: an Import pressed meanwhile waits for it, rather than finding
  // the box still empty and saying no file was chosen.
  const reading = useRef<Promise<string | null> | null>(null);

  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(t("importDialog.fileFailed"));
      return;
    }
    const read = file.text().then(
      (content) => {
        setText(content);
        setFileNote(t("importDialog.fileRead", { name: file.name }));
        setError(null);
        return content;
      },
      () => {
        setError(t("importDialog.fileFailed"));
        return null;
      },
    );
    reading.current = read;
    void read.finally(() => {
      if (reading.current === read) reading.current = null;
    });
  };

  const submit = async () => {
    const source = reading.current ? await reading.current : text;
    if (source === null) return;
    const result = fromN8nText(source);
    if (!result.ok) {
      setError(said(result.message));
      return;
    }
    await onImported(result.workflows);
    close(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={tc("close")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("importDialog.title")}</DialogTitle>
          <DialogDescription>{t("importDialog.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={textId}>{t("importDialog.json")}</Label>
          <Textarea
            id={textId}
            rows={10}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder={t("importDialog.placeholder")}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${textId}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${textId}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t("importDialog.file")}</Label>
          <FileInput id={fileId} accept="application/json,.json" onChange={(e) => readFile(e.target.files?.[0])} />
          {fileNote && <p className="text-xs text-muted-foreground">{fileNote}</p>}
        </div>
        {discardsChanges && <p className="text-sm text-amber-700 dark:text-amber-400">{t("importDialog.replaceWarning")}</p>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            {tc("cancel")}
          </Button>
          <Button type="button" onClick={() => void submit()}>
            {discardsChanges ? t("importDialog.submitDiscard") : t("importDialog.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
