import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PlatformCheck } from "@/shared/platform-health";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Each of the five checks: passed or failed, how long it took, and what it saw. */
export function CheckList({ checks }: { checks: PlatformCheck[] }) {
  const { t } = useTranslation("selfHealing");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("checks.heading")}</CardTitle>
        <CardDescription>{t("checks.caption")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {checks.map((check) => (
            <li key={check.name} className="flex items-start gap-3" data-check={check.name}>
              {check.passed ? <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" /> : <XCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />}
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">{t(`checks.name.${check.name}`)}</span>
                  <span className={check.passed ? "text-sm text-green-700" : "text-sm text-destructive"}>{check.passed ? t("checks.passed") : t("checks.failed")}</span>
                  <span className="text-sm text-muted-foreground">{t("checks.duration", { ms: check.duration_ms })}</span>
                </div>
                <p className="break-words text-sm text-muted-foreground">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
