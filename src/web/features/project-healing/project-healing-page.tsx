import { FolderKanban, Loader2, Stethoscope } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { useCan } from "@/web/features/organisations/use-can";
import { useProjects } from "@/web/features/projects/api/get-projects";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { useProjectHealth } from "./api/get-project-health";
import { ProjectHealthReportCard } from "./components/project-health-report";
import { useHealingActions } from "./use-healing-actions";
import "./project-healing-i18n";

/** /app/project-healing: owners analyse a project's website and work, and send fixes to the project-healer agent. */
export function ProjectHealingPage() {
  const { t } = useTranslation("projectHealing");
  const canScan = useCan("health.scan");
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {canScan ? <ProjectHealing /> : <OwnerOnlyNote>{t("ownerOnly")}</OwnerOnlyNote>}
    </div>
  );
}

function ProjectHealing() {
  const { t } = useTranslation("projectHealing");
  const projects = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  const health = useProjectHealth(projectId);
  const actions = useHealingActions();
  const projectsFailed = projects.isError && projects.data === undefined;
  useLoadErrorToast(projectsFailed ? projects.error : null, t("toasts.projectsFailed"));
  useLoadErrorToast(health.isError && health.data === undefined ? health.error : null, t("report.loadFailed"));

  if (projectsFailed) return <LoadFailed message={t("toasts.projectsFailed")} onRetry={() => void projects.refetch()} />;
  if (projects.isPending)
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t("loadingProjects")} />
      </div>
    );
  if (projects.data.length === 0)
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center">
        <FolderKanban aria-hidden className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t("empty.body")}</p>
      </div>
    );

  const report = health.data ?? null;
  const reportBody = () => {
    if (!projectId) return null;
    if (health.isError && health.data === undefined) return <LoadFailed message={t("report.loadFailed")} onRetry={() => void health.refetch()} />;
    if (health.isPending)
      return (
        <div className="flex justify-center p-6">
          <Spinner label={t("loadingReport")} />
        </div>
      );
    if (!report) return <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{t("notAnalyzed")}</p>;
    return (
      <ProjectHealthReportCard
        report={report}
        sendingIssueId={actions.sendingIssueId}
        fixAll={actions.fixAll}
        onAutoFix={(issueId) => void actions.runAutoFix(report, issueId)}
        onFixAll={() => void actions.runFixAll(report)}
      />
    );
  };

  return (
    <>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4">
        <div className="grid min-w-64 flex-1 gap-2">
          <Label htmlFor="healing-project">{t("projectLabel")}</Label>
          <NativeSelect id="healing-project" value={projectId ?? ""} onChange={(e) => setProjectId(e.target.value || null)} disabled={actions.isAnalyzing}>
            <option value="">{t("placeholder")}</option>
            {projects.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button onClick={() => projectId && void actions.runAnalysis(projectId)} disabled={!projectId || actions.isAnalyzing}>
          {actions.isAnalyzing ? <Loader2 aria-hidden className="animate-spin" /> : <Stethoscope aria-hidden />}
          {actions.isAnalyzing ? t("analyzing") : t("analyze")}
        </Button>
      </div>
      {reportBody()}
    </>
  );
}
