import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { jobStates, type JobRow, type JobState } from "@/shared/jobs";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";
import { formatDateTime, formatNumber } from "@/web/lib/format";
import { useJobs } from "../api/get-jobs";

const stateClass: Record<JobState, string> = {
  queued: "",
  sending: "border-transparent bg-primary/15 text-primary",
  sent: "border-transparent bg-primary/15 text-primary",
  done: "border-transparent bg-green-600/15 text-green-800 dark:text-green-300",
  failed: "border-transparent bg-destructive/15 text-destructive",
};

/** How long a job took, in the app's language ("3.2 sec", "4 min"). */
function took(from: string, to: string | null): string | null {
  if (!to) return null;
  const seconds = Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
  const [value, unit] = seconds < 60 ? [seconds, "second"] : [seconds / 60, "minute"];
  return formatNumber(value, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 });
}

function JobLine({ job }: { job: JobRow }) {
  const { t } = useTranslation("agents");
  const duration = took(job.created_at, job.finished_at);
  return (
    <tr className="align-top" data-job-id={job.id}>
      <td className="max-w-xs py-2 pr-3">
        <p className="line-clamp-2 break-words">{job.message}</p>
        <p className="text-xs text-muted-foreground">{job.agent_key ?? t("jobs.yourAgent")}</p>
      </td>
      <td className="py-2 pr-3">
        <Badge variant="outline" className={stateClass[job.state]}>
          {t(`jobs.states.${job.state}`)}
        </Badge>
      </td>
      <td className="py-2 pr-3 tabular-nums">{formatNumber(job.attempts)}</td>
      <td className="whitespace-nowrap py-2 pr-3">
        <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
        {duration && <p className="text-xs text-muted-foreground">{t(job.state === "failed" ? "jobs.gaveUpAfter" : "jobs.took", { duration })}</p>}
      </td>
      <td className="max-w-sm py-2 break-words">
        <JobOutcome job={job} />
      </td>
    </tr>
  );
}

/** What came of the job: n8n's result (its text, and the data behind it on demand), or why it has not worked yet. */
function JobOutcome({ job }: { job: JobRow }) {
  const { t } = useTranslation("agents");
  // The data behind the text, when the result says more than its text.
  const more = job.result ? Object.entries(job.result).filter(([, value]) => value !== job.result_text) : [];
  const data = more.length > 0 ? Object.fromEntries(more) : null;
  return (
    <div className="grid gap-1">
      {job.result_text && <p className="whitespace-pre-line">{job.result_text}</p>}
      {data && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">{t("jobs.resultData")}</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-muted p-2 font-mono">{JSON.stringify(data, null, 2)}</pre>
        </details>
      )}
      {job.last_error && <p className={cn(job.state === "failed" ? "text-destructive" : "text-muted-foreground")}>{job.last_error}</p>}
      {!job.result_text && !data && !job.last_error && <p className="text-muted-foreground">{job.state === "sent" && job.claimed_at ? t("jobs.working") : "—"}</p>}
    </div>
  );
}

/** The owner's view of the jobs sent to n8n: state, attempts, timings and what came of each (result or error), live. */
export function AgentJobs() {
  const { t } = useTranslation("agents");
  const { t: tc } = useTranslation();
  const [state, setState] = useState<JobState | null>(null);
  const jobs = useJobs(state);
  const rows = useMemo(() => jobs.data?.pages.flatMap((p) => p.jobs) ?? [], [jobs.data]);

  const body = () => {
    if (jobs.isError && !jobs.data) return <LoadFailed message={t("jobs.loadFailed")} onRetry={() => void jobs.refetch()} />;
    if (jobs.isPending) return <Spinner label={t("jobs.loading")} />;
    if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{state ? t("jobs.noneInState") : t("jobs.none")}</p>;
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("jobs.title")}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">{t("jobs.columns.message")}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t("jobs.columns.state")}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t("jobs.columns.attempts")}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t("jobs.columns.created")}</th>
              <th scope="col" className="py-2 font-medium">{t("jobs.columns.outcome")}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((job) => (
              <JobLine key={job.id} job={job} />
            ))}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <Card role="region" aria-labelledby="agent-jobs">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>
            <h2 id="agent-jobs">{t("jobs.title")}</h2>
          </CardTitle>
          <CardDescription>{t("jobs.description")}</CardDescription>
        </div>
        <label className="flex items-center gap-2 text-sm">
          {t("jobs.filter")}
          <NativeSelect className="w-40" value={state ?? ""} onChange={(e) => setState((e.target.value || null) as JobState | null)}>
            <option value="">{t("jobs.all")}</option>
            {jobStates.map((s) => (
              <option key={s} value={s}>
                {t(`jobs.states.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </CardHeader>
      <CardContent className="grid gap-3">
        {body()}
        {jobs.hasNextPage && (
          <Button variant="outline" size="sm" className="justify-self-center" disabled={jobs.isFetchingNextPage} onClick={() => void jobs.fetchNextPage()}>
            {jobs.isFetchingNextPage ? tc("loading") : t("jobs.more")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
