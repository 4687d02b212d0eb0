import "@/web/features/planes/planes-i18n";
import * as Tooltip from "@radix-ui/react-tooltip";
import { TooltipRoot } from "@/web/components/ui/tooltip-root";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useCan } from "@/web/features/organisations/use-can";

/**
 * Delete on the plane's page. A member gets it aria-disabled rather than disabled, so the button
 * keeps its focus stop and its reason (description and tooltip) reaches keyboard and screen reader users.
 */
export function PlaneDeleteButton({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation("planes");
  const canDelete = useCan("plane.delete");
  const reasonId = useId();
  const label = (
    <>
      <Trash2 aria-hidden />
      {t("card.delete")}
    </>
  );
  if (canDelete) {
    return (
      <Button variant="outline" onClick={onDelete}>
        {label}
      </Button>
    );
  }
  // The reason sits outside the button, so it describes the button without becoming part of its name.
  return (
    <>
      <Tooltip.Provider>
        <TooltipRoot delayDuration={200}>
          <Tooltip.Trigger asChild>
            <Button variant="outline" aria-disabled="true" aria-describedby={reasonId} className="cursor-not-allowed text-muted-foreground hover:bg-background hover:text-muted-foreground">
              {label}
            </Button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content side="bottom" sideOffset={6} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background">
              {t("card.deleteOwnerOnly")}
            </Tooltip.Content>
          </Tooltip.Portal>
        </TooltipRoot>
      </Tooltip.Provider>
      <span id={reasonId} className="sr-only">
        {t("card.deleteOwnerOnly")}
      </span>
    </>
  );
}
