import { useTranslation } from "react-i18next";
import type { RequestFigures } from "@/shared/diagnostics";
import { formatNumber } from "@/web/lib/format";
import { formatMs } from "../lib/format-figures";
import { Sparkline } from "./sparkline";

type Series = "requests" | "clientErrors" | "serverErrors";

/** Requests, 4xx and 5xx of the last hour, each with its per-minute line, and the latency percentiles. */
export function RateCards({ requests }: { requests: RequestFigures }) {
  const { t } = useTranslation("diagnostics");
  const { totals, minutes, windowMinutes } = requests;
  const ms = (value: number | null) => (value === null ? t("none") : t("ms", { value: formatMs(value) }));
  const share = (n: number) => (totals.requests === 0 ? null : t("rates.share", { percent: formatNumber((n / totals.requests) * 100, { maximumFractionDigits: 1 }) }));

  const rate = (key: Series, tone: string) => {
    const values = minutes.map((m) => m[key]);
    const label = t(`rates.${key}`);
    return (
      <div key={key} className="grid gap-1 rounded-lg border p-4" data-rate={key}>
        <p className="text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid={`rate-${key}`}>
          {formatNumber(totals[key])}
        </p>
        <p className="min-h-5 text-xs text-muted-foreground">{key === "requests" ? "" : share(totals[key])}</p>
        <Sparkline values={values} className={tone} label={t("rates.perMinute", { label, minutes: windowMinutes, total: totals[key], peak: formatNumber(Math.max(0, ...values)) })} />
      </div>
    );
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {rate("requests", "text-primary")}
      {rate("clientErrors", "text-amber-600 dark:text-amber-400")}
      {rate("serverErrors", "text-destructive")}
      <div className="grid content-start gap-1 rounded-lg border p-4" data-rate="latency">
        <p className="text-muted-foreground">{t("rates.latency")}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="rate-p95">
          {ms(totals.p95)}
        </p>
        <p className="text-xs text-muted-foreground">{t("rates.latencyValues", { p50: ms(totals.p50), p95: ms(totals.p95), p99: ms(totals.p99) })}</p>
      </div>
    </div>
  );
}
