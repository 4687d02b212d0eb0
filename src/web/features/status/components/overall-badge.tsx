import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import type { OverallState } from "../lib/overall-state";

const tone: Record<OverallState, string> = {
  checking: "bg-secondary text-secondary-foreground",
  online: "bg-emerald-700 text-white",
  degraded: "bg-amber-300 text-amber-950",
  offline: "bg-destructive text-white",
};

/** The overall state, announced when it changes (a polite live region). */
export function OverallBadge({ state }: { state: OverallState }) {
  const { t } = useTranslation("status");
  return (
    <p role="status" data-state={state} className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{t("overall.label")}</span>
      <span className={cn("rounded-full px-3 py-1 font-semibold", tone[state])}>{t(`overall.${state}`)}</span>
    </p>
  );
}
