import { useTranslation } from "react-i18next";
import type { PlatformScan } from "@/shared/platform-health";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDateTime } from "@/web/lib/format";
import { ScanStatusBadge } from "./scan-status-badge";

/** The organisation's latest scans, manual and scheduled. */
export function ScanHistory({ scans }: { scans: PlatformScan[] }) {
  const { t } = useTranslation("selfHealing");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("history.heading")}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {scans.length === 0 ? (
          <p className="text-muted-foreground">{t("history.none")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("history.caption")}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">{t("history.started")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("history.trigger")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("history.status")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("history.score")}</th>
                <th scope="col" className="py-2 font-medium">{t("history.issues")}</th>
              </tr>
            </thead>
            <tbody>
              {scans.map((scan) => (
                <tr key={scan.id} className="border-t">
                  <td className="py-2 pr-4">{formatDateTime(scan.started_at)}</td>
                  <td className="py-2 pr-4">{t(`summary.trigger.${scan.trigger}`)}</td>
                  <td className="py-2 pr-4">
                    <ScanStatusBadge status={scan.status} />
                  </td>
                  <td className="py-2 pr-4">{scan.score === null ? t("summary.noScore") : t("summary.scoreValue", { score: scan.score })}</td>
                  <td className="py-2">{scan.issues.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
