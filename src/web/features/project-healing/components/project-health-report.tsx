import { useTranslation } from "react-i18next";
import type { ProjectHealthReport, ProjectHealthStatus } from "@/shared/project-health";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatDateTime } from "@/web/lib/format";
import { websiteLineOf, type WebsiteLine } from "../lib/website-line";
import { ProjectIssueItem } from "./project-issue-item";

const websiteText = ({ key, ...values }: WebsiteLine) => [key, values] as const;

const statusClass: Record<ProjectHealthStatus, string> = {
  healthy: "border-transparent bg-green-700 text-white",
  warning: "border-transparent bg-yellow-300 text-yellow-950",
  critical: "border-transparent bg-red-600 text-white",
};

type Props = {
  report: ProjectHealthReport;
  sendingIssueId: string | null;
  fixAll: { done: number; total: number } | null;
  onAutoFix: (issueId: string) => void;
  onFixAll: () => void;
};

export function ProjectHealthReportCard({ report, sendingIssueId, fixAll, onAutoFix, onFixAll }: Props) {
  const { t } = useTranslation("projectHealing");
  const fixable = report.issues.filter((i) => i.auto_fixable);
  const pending = fixable.filter((i) => !i.fix_job_id);
  const busy = fixAll !== null || sendingIssueId !== null;
  return (
    <section aria-labelledby="project-health-report" className="grid gap-4 rounded-xl border bg-card p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="project-health-report" className="text-lg font-semibold">
            {t("report.heading", { name: report.project_name })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("report.lastChecked", { time: formatDateTime(report.lastChecked, { dateStyle: "medium", timeStyle: "medium" }) })}</p>
          <p className="text-sm text-muted-foreground">{t(...websiteText(websiteLineOf(report)))}</p>
        </div>
        <Badge className={statusClass[report.status]} role="status" aria-label={`${t("report.statusLabel")}: ${t(`report.status.${report.status}`)}`}>
          {t(`report.status.${report.status}`)}
        </Badge>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium">{t("report.found", { count: report.issues.length })}</p>
        {fixable.length > 0 && (
          <Button onClick={onFixAll} disabled={busy || pending.length === 0}>
            {fixAll ? t("report.fixingAll", { done: fixAll.done, total: fixAll.total }) : t("report.fixAll")}
          </Button>
        )}
      </div>
      {fixAll && (
        <progress className="h-2 w-full" max={fixAll.total} value={fixAll.done} aria-label={t("report.fixingAll", { done: fixAll.done, total: fixAll.total })} />
      )}
      {report.issues.length > 0 && (
        <ul className="grid gap-3">
          {report.issues.map((issue) => (
            <ProjectIssueItem key={issue.id} issue={issue} isSending={sendingIssueId === issue.id} disabled={busy} onAutoFix={() => onAutoFix(issue.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
