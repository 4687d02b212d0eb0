import * as Tooltip from "@radix-ui/react-tooltip";
import { TooltipRoot } from "@/web/components/ui/tooltip-root";
import type { ReactNode } from "react";

/** A collapsed sidebar item's name, beside it on hover and focus. */
export default function SidebarTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Provider>
      <TooltipRoot delayDuration={200}>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side="right" sideOffset={8} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background">
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </TooltipRoot>
    </Tooltip.Provider>
  );
}
