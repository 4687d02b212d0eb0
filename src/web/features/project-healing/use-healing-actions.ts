import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { FIX_ALL_GAP_MS, type ProjectHealthReport } from "@/shared/project-health";
import { errorMessage } from "@/web/lib/error-message";
import { useAnalyzeProject } from "./api/analyze-project";
import { useAutoFixIssue } from "./api/auto-fix-issue";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Analyze, Auto-Fix and Fix All, each with the spec's toasts (§8). */
export function useHealingActions() {
  const { t } = useTranslation("projectHealing");
  const { t: tc } = useTranslation();
  const analyze = useAnalyzeProject();
  const autoFix = useAutoFixIssue();
  const [sendingIssueId, setSendingIssueId] = useState<string | null>(null);
  const [fixAll, setFixAll] = useState<{ done: number; total: number } | null>(null);

  const runAnalysis = async (projectId: string) => {
    try {
      const report = await analyze.mutateAsync(projectId);
      const critical = report.issues.some((i) => i.severity === "critical");
      const description = t("toasts.found", { count: report.issues.length, name: report.project_name });
      if (critical) toast.error(t("toasts.analysisComplete"), { description });
      else toast.success(t("toasts.analysisComplete"), { description });
    } catch (e) {
      toast.error(t("toasts.analysisFailed"), { description: t("toasts.analysisFailedBody", { error: errorMessage(e, tc) }) });
    }
  };

  const sendOne = async (report: ProjectHealthReport, issueId: string): Promise<boolean> => {
    try {
      await autoFix.mutateAsync({ projectId: report.project_id, issueId });
      return true;
    } catch (e) {
      toast.error(t("toasts.autoFixFailed"), { description: t("toasts.autoFixFailedBody", { error: errorMessage(e, tc, { isWrite: true }) }) });
      return false;
    }
  };

  const runAutoFix = async (report: ProjectHealthReport, issueId: string) => {
    setSendingIssueId(issueId);
    const sent = await sendOne(report, issueId);
    setSendingIssueId(null);
    if (sent) toast.success(t("toasts.autoFixInitiated"), { description: t("toasts.autoFixInitiatedBody") });
  };

  /** One issue after another, a second apart (spec), with progress; a failed one is said and skipped. */
  const runFixAll = async (report: ProjectHealthReport) => {
    const pending = report.issues.filter((i) => i.auto_fixable && !i.fix_job_id);
    if (pending.length === 0) return;
    let started = 0;
    setFixAll({ done: 0, total: pending.length });
    for (const [index, issue] of pending.entries()) {
      if (index > 0) await pause(FIX_ALL_GAP_MS);
      setSendingIssueId(issue.id);
      if (await sendOne(report, issue.id)) started++;
      setFixAll({ done: index + 1, total: pending.length });
    }
    setSendingIssueId(null);
    setFixAll(null);
    if (started > 0) toast.success(t("toasts.batchFixInitiated"), { description: t("toasts.batchFix", { count: started }) });
  };

  return { runAnalysis, runAutoFix, runFixAll, isAnalyzing: analyze.isPending, sendingIssueId, fixAll };
}
