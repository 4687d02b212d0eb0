import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { issueSeverities, scanIntervals, type HealingConfig, type HealingConfigFields, type IssueSeverity, type ScanInterval } from "@/shared/platform-health";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Switch } from "@/web/components/ui/switch";

type Props = { config: HealingConfig; isSaving: boolean; onSave: (fields: HealingConfigFields, version: number) => void };

const fieldsOf = ({ enabled, auto_fix_critical, auto_fix_high, notification_threshold, scan_interval }: HealingConfig): HealingConfigFields => ({ enabled, auto_fix_critical, auto_fix_high, notification_threshold, scan_interval });

/** The organisation's auto-repair settings; the form is made from one version and saved against it. */
export function AutoRepairForm({ config, isSaving, onSave }: Props) {
  const { t } = useTranslation("selfHealing");
  const id = useId();
  const [draft, setDraft] = useState(() => fieldsOf(config));
  // A newer version (saved here or elsewhere) replaces the form's.
  useEffect(() => setDraft(fieldsOf(config)), [config]);
  const set = <K extends keyof HealingConfigFields>(key: K, value: HealingConfigFields[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft, config.version);
  };
  const switches: [keyof Pick<HealingConfigFields, "enabled" | "auto_fix_critical" | "auto_fix_high">, string][] = [
    ["enabled", t("config.enabled")],
    ["auto_fix_critical", t("config.autoFixCritical")],
    ["auto_fix_high", t("config.autoFixHigh")],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("config.heading")}</CardTitle>
        <CardDescription>{t("config.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} aria-label={t("config.heading")}>
          {switches.map(([key, label]) => (
            <div key={key} className="flex items-center justify-between gap-4">
              <Label id={`${id}-${key}`}>{label}</Label>
              <Switch checked={draft[key]} onCheckedChange={(v) => set(key, v)} aria-labelledby={`${id}-${key}`} disabled={isSaving} />
            </div>
          ))}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-interval`}>{t("config.interval")}</Label>
              <NativeSelect id={`${id}-interval`} value={draft.scan_interval} onChange={(e) => set("scan_interval", Number(e.target.value) as ScanInterval)} disabled={isSaving}>
                {scanIntervals.map((n) => (
                  <option key={n} value={n}>
                    {t("config.intervalValue", { count: n })}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-threshold`}>{t("config.threshold")}</Label>
              <NativeSelect id={`${id}-threshold`} value={draft.notification_threshold} onChange={(e) => set("notification_threshold", e.target.value as IssueSeverity)} disabled={isSaving}>
                {issueSeverities.map((s) => (
                  <option key={s} value={s}>
                    {t(`issues.severity.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? t("config.saving") : t("config.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
