import { useTranslation } from "react-i18next";
import { paletteNodeTypes, type PaletteNodeType } from "@/shared/workflows";
import { nodeIcons } from "./node-icons";

/** What a palette item carries when dragged onto the canvas. */
export const PALETTE_DRAG_TYPE = "application/x-wlhq-node";

/** The right column: every palette type, added by click (or Enter) or dragged onto the canvas. */
export function NodePalette({ enabled, onAdd }: { enabled: boolean; onAdd: (type: PaletteNodeType) => void }) {
  const { t } = useTranslation("workflowBuilder");
  const { t: tc } = useTranslation("workflowCanvas");
  return (
    <section aria-labelledby="node-palette-title" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 id="node-palette-title" className="font-semibold">
        {t("palette.title")}
      </h2>
      <p className="text-xs text-muted-foreground">{enabled ? t("palette.hint") : t("palette.openFirst")}</p>
      <ul className="grid gap-2">
        {paletteNodeTypes.map((type) => {
          const Icon = nodeIcons[type];
          return (
            <li key={type}>
              <button
                type="button"
                disabled={!enabled}
                draggable={enabled}
                onDragStart={(event) => {
                  event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
                  event.dataTransfer.effectAllowed = "copy";
                }}
                onClick={() => onAdd(type)}
                className="flex w-full items-center gap-3 rounded-lg border bg-background p-2 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
              >
                <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                <span className="grid">
                  <span className="text-sm font-medium">{tc(`types.${type}`)}</span>
                  <span className="text-xs text-muted-foreground">{tc(`descriptions.${type}`)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
