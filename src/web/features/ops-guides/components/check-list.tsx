import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { EnvCheck, EnvCheckState } from "@/shared/ops";
import { cn } from "@/web/lib/cn";

const tone: Record<EnvCheckState, string> = {
  ok: "text-emerald-700 dark:text-emerald-400",
  warn: "text-amber-700 dark:text-amber-400",
  missing: "text-destructive",
};
const icon = { ok: CircleCheck, warn: CircleAlert, missing: CircleX } as const;

/** The checks as a list: each with its state in words (not colour alone) and the server's detail. */
export function CheckList({ checks }: { checks: readonly EnvCheck[] }) {
  const { t } = useTranslation("opsGuides");
  return (
    <ul className="grid gap-2" aria-label={t("checks.heading")}>
      {checks.map((check) => {
        const Icon = icon[check.state];
        return (
          <li key={check.id} className="grid grid-cols-[auto_1fr] gap-x-3 rounded-md border p-3" data-check={check.id} data-state={check.state}>
            <Icon aria-hidden className={cn("mt-0.5 size-5", tone[check.state])} />
            <div className="grid gap-0.5">
              <p className="flex flex-wrap items-baseline gap-2 font-medium">
                {t(`checks.labels.${check.id}`)}
                <span className={cn("text-xs font-semibold uppercase", tone[check.state])}>{t(`checks.state.${check.state}`)}</span>
              </p>
              <p className="break-words text-sm text-muted-foreground">{check.detail}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
