import "@/web/features/command-palette/palette-i18n";
import { Command } from "cmdk";
import { useTranslation } from "react-i18next";
import { paletteGroups, type PaletteAction } from "./palette-action";

const itemClass =
  "flex cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";

function PaletteItem({ action, onRun }: { action: PaletteAction; onRun: (action: PaletteAction) => void }) {
  const { t } = useTranslation("palette");
  const Icon = action.icon;
  return (
    <Command.Item value={action.id} keywords={[action.label, ...(action.keywords ?? [])]} onSelect={() => onRun(action)} className={itemClass}>
      {action.color ? <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: action.color }} aria-hidden /> : Icon && <Icon aria-hidden className="text-muted-foreground" />}
      <span className="min-w-0 flex-1 truncate">{action.label}</span>
      {action.hint && <span className="truncate text-xs text-muted-foreground">{action.hint}</span>}
      {action.isCurrent && <span className="text-xs text-muted-foreground">{t("current")}</span>}
    </Command.Item>
  );
}

/** The registered actions, grouped in a fixed order; cmdk filters them as the user types. */
export function PaletteList({ actions, onRun }: { actions: PaletteAction[]; onRun: (action: PaletteAction) => void }) {
  const { t } = useTranslation("palette");
  return paletteGroups.map((group) => {
    const items = actions.filter((a) => a.group === group);
    if (items.length === 0) return null;
    return (
      <Command.Group
        key={group}
        heading={t(`groups.${group}`)}
        className="px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
      >
        {items.map((action) => (
          <PaletteItem key={action.id} action={action} onRun={onRun} />
        ))}
      </Command.Group>
    );
  });
}
