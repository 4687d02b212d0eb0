import "@/web/features/command-palette/palette-i18n";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PaletteAction } from "./palette-action";
import { PaletteContent } from "./palette-content";

/** Ctrl+K's dialog, loaded by the launcher on the first Ctrl+K; its content (and its data) only while open. */
export default function CommandPaletteDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const { t } = useTranslation("palette");
  const pending = useRef<PaletteAction | null>(null);

  const run = (action: PaletteAction) => {
    pending.current = action;
    setOpen(false);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed left-1/2 top-[15%] z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border bg-background shadow-2xl"
          onCloseAutoFocus={(e) => {
            // An action runs once the palette is gone, so a dialog it opens keeps the focus.
            const action = pending.current;
            pending.current = null;
            if (action) {
              e.preventDefault();
              action.run();
            }
          }}
        >
          <DialogPrimitive.Title className="sr-only">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("description")}</DialogPrimitive.Description>
          <PaletteContent onRun={run} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
