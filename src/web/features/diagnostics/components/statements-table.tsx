import { useTranslation } from "react-i18next";
import type { StatementFigures } from "@/shared/diagnostics";
import { formatNumber } from "@/web/lib/format";
import { formatMs } from "../lib/format-figures";
import { DiagnosticsCard, numClass, ScrollTable, tdClass, thClass } from "./diagnostics-card";

/** Normalised statements with their runs, mean, max and total time (the slow list, or the top by total). */
export function StatementsTable({ id, title, description, empty, statements }: { id: string; title: string; description: string; empty: string; statements: StatementFigures[] }) {
  const { t } = useTranslation("diagnostics");
  const ms = (value: number) => t("ms", { value: formatMs(value) });
  return (
    <DiagnosticsCard id={id} title={title} description={description}>
      {statements.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ScrollTable label={title}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t("queries.statement")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("queries.count")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("queries.mean")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("queries.max")}</th>
              <th scope="col" className={`${thClass} ${numClass}`}>{t("queries.total")}</th>
            </tr>
          </thead>
          <tbody>
            {statements.map((s) => (
              <tr key={s.statement}>
                <td className={`${tdClass} max-w-xl`}>
                  <code className="line-clamp-3 break-all font-mono text-xs" title={s.statement}>{s.statement}</code>
                </td>
                <td className={`${tdClass} ${numClass}`}>{formatNumber(s.count)}</td>
                <td className={`${tdClass} ${numClass} whitespace-nowrap`}>{ms(s.meanMs)}</td>
                <td className={`${tdClass} ${numClass} whitespace-nowrap`}>{ms(s.maxMs)}</td>
                <td className={`${tdClass} ${numClass} whitespace-nowrap`}>{ms(s.totalMs)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </DiagnosticsCard>
  );
}
