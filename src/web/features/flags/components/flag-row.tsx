import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FlagDefinition } from "@/shared/flags";
import { Badge } from "@/web/components/ui/badge";
import { Switch } from "@/web/components/ui/switch";
import { setFlag } from "../flag-store";
import { useFeatureFlag } from "../use-feature-flag";

/** One flag: what it switches, its default, its value in this browser and the switch that overrides it. */
export function FlagRow({ flag }: { flag: FlagDefinition }) {
  const { t } = useTranslation("flags");
  const enabled = useFeatureFlag(flag.name);
  const isOverridden = enabled !== flag.default;
  const nameId = useId();
  const descriptionId = useId();
  const onOff = (value: boolean) => (value ? t("on") : t("off"));

  return (
    <li className="flex items-start justify-between gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm" data-flag={flag.name}>
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <code id={nameId} className="font-mono text-sm font-semibold break-all">
            {flag.name}
          </code>
          {isOverridden && <Badge variant="outline">{t("overridden")}</Badge>}
        </div>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {t(`items.${flag.name}`, { defaultValue: flag.description })}
        </p>
        <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
          <span>{t("default", { value: onOff(flag.default) })}</span>
          <span>{t("current", { value: onOff(enabled) })}</span>
        </p>
      </div>
      <Switch checked={enabled} onCheckedChange={(next) => setFlag(flag.name, next)} aria-labelledby={nameId} aria-describedby={descriptionId} />
    </li>
  );
}
