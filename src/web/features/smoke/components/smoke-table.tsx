import { useTranslation } from "react-i18next";
import { formatNumber, formatTime } from "@/web/lib/format";
import type { SmokeRow } from "../lib/smoke-rows";
import { SmokeStatusBadge } from "./smoke-status-badge";

/** The spec's smoke test rows: name, status, message, timestamp, duration. */
export function SmokeTable({ rows }: { rows: SmokeRow[] }) {
  const { t } = useTranslation("smoke");
  const dash = t("none");
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("tableCaption")}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.name")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.status")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.message")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("columns.timestamp")}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t("columns.duration")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-t align-top" data-check={row.name}>
              <th scope="row" className="px-3 py-2 font-medium">{t(`checks.${row.name}`)}</th>
              <td className="px-3 py-2">
                <SmokeStatusBadge status={row.status} />
              </td>
              <td className="px-3 py-2 break-words">{row.message ?? dash}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.timestamp ? formatTime(Date.parse(row.timestamp), { timeStyle: "medium" }) : dash}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{row.durationMs === null ? dash : t("durationValue", { ms: formatNumber(row.durationMs) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
