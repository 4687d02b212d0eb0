import { Bot, Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import { platformWideIssueCodes, type PlatformIssue } from "@/shared/platform-health";
import { useIsOperator } from "@/web/features/organisations/api/me";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDateTime } from "@/web/lib/format";
import { SeverityBadge } from "./severity-badge";

type Props = {
  issues: PlatformIssue[];
  busyIssueId: string | null;
  onFix: (issue: PlatformIssue) => void;
  onManualFix: (issue: PlatformIssue) => void;
};

/** The last scan's issues: type, severity, whether it can be fixed here, and what a fix did. */
export function IssueList({ issues, busyIssueId, onFix, onManualFix }: Props) {
  const { t } = useTranslation("selfHealing");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("issues.heading")}</CardTitle>
      </CardHeader>
      <CardContent>
        {issues.length === 0 ? (
          <p className="text-muted-foreground">{t("issues.none")}</p>
        ) : (
          <ul className="grid gap-3">
            {issues.map((issue) => (
              <IssueItem key={issue.id} issue={issue} isBusy={busyIssueId === issue.id} isLocked={busyIssueId !== null} onFix={() => onFix(issue)} onManualFix={() => onManualFix(issue)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function IssueItem({ issue, isBusy, isLocked, onFix, onManualFix }: { issue: PlatformIssue; isBusy: boolean; isLocked: boolean; onFix: () => void; onManualFix: () => void }) {
  // The platform's own issues (database, sign-in, functions) are repaired by its operators (docs/permissions.md).
  const isOperator = useIsOperator();
  const { t } = useTranslation("selfHealing");
  const isFixed = issue.fix_applied === true;
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-issue={issue.code}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide">{t(`issues.type.${issue.type}`)}</span>
        <SeverityBadge severity={issue.severity} />
        {issue.auto_fixable && <Badge variant="outline">{t("issues.autoFixable")}</Badge>}
        {issue.fix_applied !== null && (
          <Badge variant="outline" className={isFixed ? "border-green-700 text-green-800 dark:text-green-400" : "border-destructive text-destructive"}>
            {isFixed ? t("issues.fixed") : t("issues.notFixed")}
          </Badge>
        )}
      </div>
      <p className="break-words">{issue.description}</p>
      <p className="text-xs text-muted-foreground">{t("issues.detectedAt", { when: formatDateTime(issue.detected_at) })}</p>
      {issue.fix_result && (
        <p className="break-words rounded-md bg-muted/60 px-3 py-2 text-sm" data-testid="fix-result">
          {issue.fix_result}
        </p>
      )}
      {issue.manual_job_id && <p className="text-sm text-muted-foreground">{t("issues.dispatched")}</p>}
      {!isFixed && !isOperator && platformWideIssueCodes.includes(issue.code) ? (
        <p className="text-sm text-muted-foreground">{t("issues.operatorRepairs")}</p>
      ) : !isFixed && (
        <div className="flex flex-wrap gap-2">
          {issue.auto_fixable && (
            <Button size="sm" onClick={onFix} disabled={isLocked}>
              <Wrench aria-hidden />
              {isBusy ? t("issues.fixing") : t("issues.fix")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onManualFix} disabled={isLocked}>
            <Bot aria-hidden />
            {t("issues.manualFix")}
          </Button>
        </div>
      )}
    </li>
  );
}
