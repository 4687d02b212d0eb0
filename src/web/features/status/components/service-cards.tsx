import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { HealthResponse } from "@/shared/functions";
import type { AgentReadyResponse } from "@/shared/jobs";
import { formatNumber, formatTime } from "@/web/lib/format";
import { Fact, StatusCard } from "./status-card";
import { StatePill } from "./state-pill";

const checkedAt = (q: UseQueryResult<unknown>) => Math.max(q.dataUpdatedAt, q.errorUpdatedAt);

function CheckedAt({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation("status");
  const at = checkedAt(query);
  return <p className="text-xs text-muted-foreground">{at ? t("checkedAt", { time: formatTime(at, { timeStyle: "medium" }) }) : t("notChecked")}</p>;
}

/** Checking while the first probe runs, Unknown without an answer, else good or bad in the card's own words. */
function ProbePill({ query, isGood, good, bad }: { query: UseQueryResult<unknown>; isGood: boolean | undefined; good: string; bad: string }) {
  const { t } = useTranslation("status");
  if (query.isPending) return <StatePill tone="neutral">{t("state.checking")}</StatePill>;
  if (isGood === undefined) return <StatePill tone="neutral">{t("state.unknown")}</StatePill>;
  return <StatePill tone={isGood ? "good" : "bad"}>{isGood ? good : bad}</StatePill>;
}

/** The health function itself: whether it answered. */
export function ApiCard({ health }: { health: UseQueryResult<HealthResponse> }) {
  const { t } = useTranslation("status");
  const pill = health.isPending ? <StatePill tone="neutral">{t("state.checking")}</StatePill> : health.isError ? <StatePill tone="bad">{t("state.down")}</StatePill> : <StatePill tone="good">{t("state.up")}</StatePill>;
  return (
    <StatusCard id="api" title={t("api.title")} badge={pill}>
      {health.isError && <p>{t("api.unreachable")}</p>}
      <CheckedAt query={health} />
    </StatusCard>
  );
}

/** The database as health found it, with the latency of its ping. */
export function DatabaseCard({ health }: { health: UseQueryResult<HealthResponse> }) {
  const { t } = useTranslation("status");
  const data = health.isError ? undefined : health.data;
  // Answering slower than DB_SLOW_MS is not Up: the overall badge says Degraded, this card says why.
  const pill = data?.db && data.db_slow ? <StatePill tone="bad">{t("database.slow")}</StatePill> : <ProbePill query={health} isGood={data?.db} good={t("state.up")} bad={t("state.down")} />;
  return (
    <StatusCard id="database" title={t("database.title")} badge={pill}>
      <dl>
        <Fact label={t("database.latency")}>{data?.db_latency_ms == null ? t("state.unknown") : t("database.latencyValue", { ms: formatNumber(data.db_latency_ms) })}</Fact>
      </dl>
      <CheckedAt query={health} />
    </StatusCard>
  );
}

/** Whether n8n is configured: yes or no for each setting, never a value. */
export function AgentCard({ agent }: { agent: UseQueryResult<AgentReadyResponse> }) {
  const { t } = useTranslation("status");
  const data = agent.isError ? undefined : agent.data;
  const yesNo = (value: boolean | undefined) => (value === undefined ? t("state.unknown") : value ? t("agent.yes") : t("agent.no"));
  // Configured is said only of an n8n that answered its health check just now.
  const pill = data?.ok && data.n8n_reachable === false ? <StatePill tone="bad">{t("agent.n8nSilent")}</StatePill> : <ProbePill query={agent} isGood={data?.ok} good={t("agent.ready")} bad={t("agent.notReady")} />;
  const reach = data?.n8n_reachable == null ? t("state.unknown") : data.n8n_reachable ? t("agent.n8nAnswers", { ms: formatNumber(data.n8n_latency_ms ?? 0) }) : t("agent.no");
  return (
    <StatusCard id="agent" title={t("agent.title")} badge={pill}>
      {agent.isError && <p>{t("agent.unreachable")}</p>}
      <dl className="grid gap-1">
        <Fact label={t("agent.n8nBase")}>{yesNo(data?.n8n_base_set)}</Fact>
        <Fact label={t("agent.hmac")}>{yesNo(data?.hmac_set)}</Fact>
        {data?.n8n_base_set && <Fact label={t("agent.n8nReach")}>{reach}</Fact>}
      </dl>
      <CheckedAt query={agent} />
    </StatusCard>
  );
}
