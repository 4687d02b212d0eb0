import { useTranslation } from "react-i18next";
import { formatNumber } from "@/web/lib/format";
import { countRows, type SmokeRow } from "../lib/smoke-rows";

/** Total, passed, failed and pending (spec §4). */
export function SmokeCounts({ rows }: { rows: SmokeRow[] }) {
  const { t } = useTranslation("smoke");
  const counts = countRows(rows);
  const items = [
    ["total", counts.total],
    ["passed", counts.passed],
    ["failed", counts.failed],
    ["pending", counts.pending],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite">
      {items.map(([key, value]) => (
        <div key={key} className="rounded-lg border p-3" data-count={key}>
          <dt className="text-xs text-muted-foreground">{t(`counts.${key}`)}</dt>
          <dd className="text-2xl font-semibold">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
