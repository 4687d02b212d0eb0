import { useTranslation } from "react-i18next";
import type { HealingConfig, PlatformScan } from "@/shared/platform-health";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDateTime } from "@/web/lib/format";
import { ScanStatusBadge } from "./scan-status-badge";

/** Overall status, score (checks passed × 20 %), when the last scan ran and when the next is due. */
export function HealthSummary({ scan, config }: { scan: PlatformScan | undefined; config: HealingConfig | undefined }) {
  const { t } = useTranslation("selfHealing");
  const passed = scan?.checks.filter((c) => c.passed).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3 text-lg">
          {t("summary.heading")}
          {scan && <ScanStatusBadge status={scan.status} />}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!scan ? (
          <p className="text-muted-foreground">{t("summary.noScan")}</p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-muted-foreground">{t("summary.score")}</dt>
              <dd className="text-3xl font-semibold" data-testid="health-score">
                {scan.score === null ? t("summary.noScore") : t("summary.scoreValue", { score: scan.score })}
              </dd>
              <dd className="text-sm text-muted-foreground">{t("summary.checksPassed", { passed, total: scan.checks.length })}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{t("summary.lastScan")}</dt>
              <dd>{t("summary.lastScanValue", { when: formatDateTime(scan.started_at), trigger: t(`summary.trigger.${scan.trigger}`) })}</dd>
              <dd className="text-sm text-muted-foreground">{t("summary.foundIssues", { count: scan.issues.length })}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{t("summary.nextScheduled")}</dt>
              <dd data-testid="next-scan">{config?.next_scan_at ? formatDateTime(config.next_scan_at) : t("summary.notScheduled")}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
