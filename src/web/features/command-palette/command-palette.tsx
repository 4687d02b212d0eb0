import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { Search } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCoreActions } from "./actions/use-core-actions";
import { useSearchActions } from "./actions/use-search-actions";
import { useSwitchActions } from "./actions/use-switch-actions";
import type { PaletteAction } from "./palette-action";
import { PaletteList } from "./palette-list";
import { useAsyncSelection } from "./use-async-selection";
import { useDebouncedValue } from "./use-debounced-value";
import { usePaletteShortcut } from "./use-palette-shortcut";

export function CommandPalette() {
  const { t } = useTranslation("palette");
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const pending = useRef<PaletteAction | null>(null);
  const search = useSearchActions(useDebouncedValue(open ? query : "", 150));
  const actions = [...useCoreActions(), ...useSwitchActions(open), ...search.actions];
  const { listRef, ...selection } = useAsyncSelection(search.actions.map((a) => a.id).join());

  usePaletteShortcut(useCallback(() => setOpen((was) => !was), []));

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
            setQuery(""); // each opening starts afresh
            selection.onValueChange("");
            if (action) {
              e.preventDefault();
              action.run();
            }
          }}
        >
          <DialogPrimitive.Title className="sr-only">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("description")}</DialogPrimitive.Description>
          <Command label={t("title")} loop className="flex flex-col" {...selection}>
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Command.Input value={query} onValueChange={setQuery} placeholder={t("placeholder")} className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground" />
            </div>
            <Command.List ref={listRef} className="max-h-[300px] overflow-y-auto overscroll-contain p-1">
              {search.isFetching && <Command.Loading className="px-3 py-2 text-xs text-muted-foreground">{t("searching")}</Command.Loading>}
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t("empty")}</Command.Empty>
              <PaletteList actions={actions} onRun={run} />
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
