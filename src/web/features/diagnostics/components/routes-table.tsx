import { useTranslation } from "react-i18next";
import type { RequestFigures } from "@/shared/diagnostics";
import { formatNumber } from "@/web/lib/format";
import { formatMs } from "../lib/format-figures";
import { DiagnosticsCard, numClass, ScrollTable, tdClass, thClass } from "./diagnostics-card";

/** Requests, errors and p95 per route pattern over the last hour, busiest first. */
export function RoutesTable({ requests }: { requests: RequestFigures }) {
  const { t } = useTranslation("diagnostics");
  const name = (route: string) => (route === "other" ? t("routes.other") : route === "unmatched" ? t("routes.unmatched") : route);
  return (
    <DiagnosticsCard id="diag-routes" title={t("routes.title")} description={t("routes.caption", { cap: requests.routeCap })}>
      {requests.routes.length === 0 ? (
        <p className="text-muted-foreground">{t("routes.empty")}</p>
      ) : (
        <ScrollTable label={t("routes.title")}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t("routes.route")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("routes.requests")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("routes.errors")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("routes.p95")}</th>
            </tr>
          </thead>
          <tbody>
            {requests.routes.map((r) => (
              <tr key={r.route} data-route={r.route}>
                <th scope="row" className={`${tdClass} break-all font-mono text-xs font-normal`}>{name(r.route)}</th>
                <td className={`${tdClass} ${numClass}`}>{formatNumber(r.requests)}</td>
                <td className={`${tdClass} ${numClass} ${r.serverErrors > 0 ? "font-semibold text-destructive" : ""}`}>{`${formatNumber(r.clientErrors)} / ${formatNumber(r.serverErrors)}`}</td>
                <td className={`${tdClass} ${numClass}`}>{r.p95 === null ? t("none") : t("ms", { value: formatMs(r.p95) })}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </DiagnosticsCard>
  );
}
