import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { TaskView } from "./task-view";

const isId = (v: string | null): v is string => !!v && /^[0-9a-f-]{36}$/i.test(v);

/**
 * The task page as a side panel over any list: opened by ?task=<id> in the address, so the panel
 * is shareable and Back closes it. Esc (or the close button) removes the parameter.
 */
export function TaskPanel() {
  const { t } = useTranslation("team");
  const [params, setParams] = useSearchParams();
  const taskId = params.get("task");
  const close = useCallback(() => setParams((p) => (p.delete("task"), p), { replace: false }), [setParams]);
  if (!isId(taskId)) return null;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => e.preventDefault()}
          className="fixed inset-y-0 right-0 z-50 w-full max-w-3xl overflow-y-auto border-l bg-background p-6 shadow-xl"
        >
          <DialogPrimitive.Title className="sr-only">{t("task.panel")}</DialogPrimitive.Title>
          <div className="mb-2 flex justify-end gap-2">
            <a className="text-sm underline" href={`/app/tasks/${taskId}`}>{t("task.openPage")}</a>
            <DialogPrimitive.Close className="rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">{t("task.close")}</span>
            </DialogPrimitive.Close>
          </div>
          <TaskView taskId={taskId} onClose={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
