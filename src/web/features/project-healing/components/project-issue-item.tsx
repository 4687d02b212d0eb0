import { Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ProjectHealthIssue, ProjectIssueSeverity } from "@/shared/project-health";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

// Spec colours: critical red, high orange, medium yellow, low blue; info is no defect, so grey.
const severityClass: Record<ProjectIssueSeverity, string> = {
  critical: "border-transparent bg-red-600 text-white",
  high: "border-transparent bg-orange-700 text-white",
  medium: "border-transparent bg-yellow-300 text-yellow-950",
  low: "border-transparent bg-blue-600 text-white",
  info: "border-transparent bg-muted text-foreground",
};

type Props = { issue: ProjectHealthIssue; isSending: boolean; disabled: boolean; onAutoFix: () => void };

export function ProjectIssueItem({ issue, isSending, disabled, onAutoFix }: Props) {
  const { t } = useTranslation("projectHealing");
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-check={issue.check}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide">{t(`issue.type.${issue.type}`)}</span>
        <Badge className={severityClass[issue.severity]}>{t(`issue.severity.${issue.severity}`)}</Badge>
        {issue.auto_fixable && <Badge variant="outline">{t("issue.autoFixable")}</Badge>}
        {issue.fix_state && (
          <Badge variant="outline" className={cn(issue.fix_state === "failed" && "border-destructive text-destructive")}>
            {t(`issue.job.${issue.fix_state}`)}
          </Badge>
        )}
      </div>
      <p className="font-medium">{issue.description}</p>
      {issue.link && (
        <dl className="grid gap-1 text-sm" data-testid="broken-link">
          <div className="flex flex-wrap gap-1">
            <dt className="font-medium">{t("issue.linkTo")}</dt>
            <dd className="break-all">{issue.link.url}</dd>
          </div>
          <div className="flex flex-wrap gap-1">
            <dt className="font-medium">{t("issue.foundOn")}</dt>
            <dd className="break-all">
              <a className="underline" href={issue.link.found_on} target="_blank" rel="noreferrer noopener">
                {issue.link.found_on}
              </a>
            </dd>
          </div>
        </dl>
      )}
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{t("issue.fixLabel")}</span> {issue.fix_suggestion}
      </p>
      {issue.auto_fixable && !issue.fix_job_id && (
        <div>
          <Button size="sm" variant="outline" onClick={onAutoFix} disabled={disabled || isSending} aria-label={t("issue.autoFixFor", { description: issue.description })}>
            <Wrench aria-hidden />
            {isSending ? t("issue.sending") : t("issue.autoFix")}
          </Button>
        </div>
      )}
    </li>
  );
}
