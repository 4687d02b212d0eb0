import "@/web/features/command-palette/palette-i18n";
import { Command } from "cmdk";
import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCoreActions } from "./actions/use-core-actions";
import { useSearchActions } from "./actions/use-search-actions";
import { useTeamActions } from "./actions/use-team-actions";
import { useSwitchActions } from "./actions/use-switch-actions";
import type { PaletteAction } from "./palette-action";
import { PaletteList } from "./palette-list";
import { useAsyncSelection } from "./use-async-selection";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * The open palette: the text, the actions and their lists. Mounted only while the palette is open,
 * so what the actions load (planes, search results) is asked for then and nothing stays live
 * behind a closed palette; each opening also starts afresh.
 */
export function PaletteContent({ onRun }: { onRun: (action: PaletteAction) => void }) {
  const { t } = useTranslation("palette");
  const [query, setQuery] = useState("");
  const search = useSearchActions(useDebouncedValue(query, 150));
  const actions = [...useCoreActions(), ...useSwitchActions(), ...useTeamActions(), ...search.actions];
  const { listRef, ...selection } = useAsyncSelection(query, search.actions.map((a) => a.id).join());

  return (
    <Command label={t("title")} loop className="flex flex-col" {...selection}>
      <div className="flex items-center gap-2 border-b px-3">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {/* Not controlled: cmdk filters in the keystroke's own handler then. Controlled, it filters in an
            effect, which Preact runs after the next key (an Enter right after typing ran the old selection). */}
        <Command.Input onValueChange={setQuery} placeholder={t("placeholder")} className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground" />
      </div>
      <Command.List ref={listRef} label={t("suggestions")} className="max-h-[300px] overflow-y-auto overscroll-contain p-1">
        {search.isFetching && <Command.Loading className="px-3 py-2 text-xs text-muted-foreground">{t("searching")}</Command.Loading>}
        <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t("empty")}</Command.Empty>
        <PaletteList actions={actions} onRun={onRun} />
      </Command.List>
    </Command>
  );
}
