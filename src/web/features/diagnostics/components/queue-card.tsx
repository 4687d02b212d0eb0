import { useTranslation } from "react-i18next";
import type { QueueFigures } from "@/shared/diagnostics";
import { jobStates } from "@/shared/jobs";
import { Alert } from "@/web/components/ui/alert";
import { formatNumber } from "@/web/lib/format";
import { DiagnosticsCard, numClass, ScrollTable, tdClass, thClass } from "./diagnostics-card";

const columns = ["created", "retry", "active", "failed"] as const;

/** pg-boss's queues (every organisation's jobs, as counts) and this organisation's agent jobs by state. */
export function QueueCard({ queue }: { queue: QueueFigures }) {
  const { t } = useTranslation("diagnostics");
  return (
    <DiagnosticsCard id="diag-queue" title={t("queue.title")} description={t("queue.caption")}>
      {queue.error !== null && <Alert variant="destructive">{queue.error}</Alert>}
      {queue.queues !== null &&
        (queue.queues.length === 0 ? (
          <p className="text-muted-foreground">{t("queue.empty")}</p>
        ) : (
          <ScrollTable label={t("queue.title")}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t("queue.name")}</th>
                {columns.map((c) => (
                  <th key={c} scope="col" className={`${thClass} ${numClass}`}>{t(`queue.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queue.queues.map((q) => (
                <tr key={q.name} data-queue={q.name}>
                  <th scope="row" className={`${tdClass} font-mono text-xs font-normal`}>{q.name}</th>
                  {columns.map((c) => (
                    <td key={c} className={`${tdClass} ${numClass} ${c === "failed" && q.failed > 0 ? "font-semibold text-destructive" : ""}`}>{formatNumber(q[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ))}
      <h3 className="pt-2 font-medium">{t("queue.agentJobs")}</h3>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-5" data-testid="agent-job-states">
        {jobStates.map((state) => (
          <div key={state} className="grid">
            <dt className="text-muted-foreground">{t(`queue.states.${state}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatNumber(queue.agentJobs[state])}</dd>
          </div>
        ))}
      </dl>
    </DiagnosticsCard>
  );
}
