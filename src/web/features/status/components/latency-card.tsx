import { useTranslation } from "react-i18next";
import type { HealthHistoryResponse } from "@/shared/health-history";
import { formatNumber } from "@/web/lib/format";
import { useHealthHistory } from "../api/get-health-history";
import { CHART_HEIGHT, CHART_WIDTH, failureMarks, linePoints, scaleTop, summarise, type ProbeSummary } from "../lib/latency-chart";
import { Fact, QueryBody, StatusCard } from "./status-card";

/** /status: the server's own latency over the last hours, from the probes it records every minute. */
export function LatencyCard() {
  const { t } = useTranslation("status");
  const history = useHealthHistory();
  return (
    <StatusCard id="latency" title={t("latency.title")}>
      <QueryBody query={history} failed={t("latency.loadFailed")}>
        {(data) => (data.points.length === 0 ? <p>{t("latency.empty")}</p> : <LatencyChart history={data} />)}
      </QueryBody>
    </StatusCard>
  );
}

function LatencyChart({ history }: { history: HealthHistoryResponse }) {
  const { t } = useTranslation("status");
  const api = summarise(history.points, "api");
  const database = summarise(history.points, "database");
  const top = scaleTop(history.points);
  const ms = (v: number | null) => (v === null ? t("latency.noAnswer") : t("latency.ms", { ms: formatNumber(v) }));
  const say = (s: ProbeSummary) => ({ avg: ms(s.avgMs), max: ms(s.maxMs), failures: s.failures, samples: s.samples });
  const summary = t("latency.summary", { api: t("latency.probeSummary", say(api)), database: t("latency.probeSummary", say(database)) });
  return (
    <>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} preserveAspectRatio="none" className="h-28 w-full rounded border bg-muted/30" data-chart="latency">
        <line x1="0" x2={CHART_WIDTH} y1={CHART_HEIGHT / 2} y2={CHART_HEIGHT / 2} className="stroke-border" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
        {failureMarks(history).map((x, i) => (
          <rect key={i} x={x} y={CHART_HEIGHT - 8} width="4" height="8" className="fill-destructive" />
        ))}
        <polyline points={linePoints(history, "database", top)} fill="none" className="stroke-emerald-700" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        <polyline points={linePoints(history, "api", top)} fill="none" className="stroke-primary" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <span>{t("latency.scale", { top: formatNumber(top), middle: formatNumber(top / 2) })}</span>
        <span className="flex gap-3">
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4 bg-primary" />
            {t("latency.api")}
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4 bg-emerald-700" />
            {t("latency.database")}
          </span>
        </span>
      </p>
      <dl className="grid gap-1">
        <Fact label={t("latency.apiFigures")}>{t("latency.figures", say(api))}</Fact>
        <Fact label={t("latency.databaseFigures")}>{t("latency.figures", say(database))}</Fact>
        <Fact label={t("latency.failures")}>{formatNumber(api.failures + database.failures)}</Fact>
      </dl>
    </>
  );
}
