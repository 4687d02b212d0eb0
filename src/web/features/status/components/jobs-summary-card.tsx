import { useTranslation } from "react-i18next";
import { formatDateTime, formatNumber } from "@/web/lib/format";
import { useJobsSummary } from "../api/get-jobs-summary";
import { Fact, StatusCard } from "./status-card";
import { Spinner } from "@/web/components/ui/spinner";

/** Today's agent jobs of the viewer's organisation (owners only: the page renders it for them alone). */
export function JobsSummaryCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("status");
  const summary = useJobsSummary(orgId);
  const data = summary.data;
  return (
    <StatusCard id="jobs" title={t("jobs.title")}>
      {summary.isPending ? (
        <Spinner label={t("state.checking")} className="size-4" />
      ) : !data ? (
        <p>{t("jobs.loadFailed")}</p>
      ) : (
        <dl className="grid gap-1">
          {(["queued", "sent", "done", "failed"] as const).map((key) => (
            <Fact key={key} label={t(`jobs.${key}`)}>
              {formatNumber(data.today[key])}
            </Fact>
          ))}
          <Fact label={t("jobs.lastRun")}>
            {data.last_run_at ? t("jobs.lastRunValue", { time: formatDateTime(data.last_run_at), state: data.last_state ?? "" }) : t("jobs.noRuns")}
          </Fact>
        </dl>
      )}
    </StatusCard>
  );
}
