import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/web/components/load-failed";
import { Alert } from "@/web/components/ui/alert";
import { Progress } from "@/web/components/ui/progress";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { isImportRunning, taskImportQuery } from "../api/onboarding";
import { ImportReport } from "./import-report";

/** A large file's import while it runs in the background (rows written so far), then its report. */
export function ImportProgress({ importId }: { importId: string }) {
  const { t } = useTranslation("onboarding");
  const orgId = useOrgId();
  const found = useQuery(taskImportQuery(orgId, importId));
  if (found.isError) return <LoadFailed message={t("import.progressFailed")} onRetry={() => void found.refetch()} />;
  const run = found.data;
  if (!run || isImportRunning(run)) {
    const imported = run?.imported ?? 0;
    const valid = run?.valid ?? 0;
    return (
      <div className="grid gap-2" aria-live="polite">
        <p className="text-sm font-medium">{t("import.running", { imported, count: valid })}</p>
        <Progress value={valid === 0 ? 0 : (imported / valid) * 100} label={t("import.progressLabel")} />
        <p className="text-sm text-muted-foreground">{t("import.runningHint")}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {run.status === "failed" && <Alert variant="destructive">{run.failure}</Alert>}
      <ImportReport result={{ imported: run.imported, errors: run.errors, errorCount: run.error_count }} />
    </div>
  );
}
