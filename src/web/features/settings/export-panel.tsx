import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { LoadFailed } from "@/web/components/load-failed";
import { Button, buttonClass } from "@/web/components/ui/button";
import { Progress } from "@/web/components/ui/progress";
import { errorMessage } from "@/web/lib/error-message";
import { downloadUrl, useDataExport, useExportEstimate, type ExportTarget } from "./use-data-export";
import "./data-rights-i18n";

/** Start an export, watch its progress, download the zip: the same for a person's and an organisation's data. */
export function ExportPanel({ target, startLabel, disabled }: { target: ExportTarget; startLabel: string; disabled?: boolean }) {
  const { t } = useTranslation("dataRights");
  const { t: tc } = useTranslation();
  const { list, latest, start, isUnderWay } = useDataExport(target);
  const estimate = useExportEstimate(target, !disabled && !isUnderWay);
  const begin = () => start.mutate(undefined, { onError: (e) => toast.error(t("export.startFailed"), { description: errorMessage(e, tc, { isWrite: true }) }) });
  const size = (bytes: number | null) => (bytes !== null && bytes >= 1024 * 1024 ? t("size.mb", { value: Math.round((bytes / 1024 / 1024) * 10) / 10 }) : t("size.kb", { value: Math.max(1, Math.round((bytes ?? 0) / 1024)) }));

  if (list.isError && !list.data) return <LoadFailed message={t("export.loadFailed")} onRetry={() => void list.refetch()} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("export.note")}</p>
      {isUnderWay && latest && (
        <div className="grid gap-2" role="status">
          <span className="text-sm">{t("export.preparing")}</span>
          <div className="flex items-center gap-3">
            <Progress value={latest.progress} label={t("export.progress")} className="max-w-sm" />
            <span className="text-sm tabular-nums text-muted-foreground">{t("export.percent", { percent: latest.progress })}</span>
          </div>
        </div>
      )}
      {latest?.status === "done" && (
        <div className="flex flex-wrap items-center gap-3" role="status">
          <span className="text-sm">{t("export.ready", { size: size(latest.file_size) })}</span>
          <a className={buttonClass({ variant: "default" })} href={downloadUrl(latest)} download data-testid="export-download">
            <Download className="size-4" aria-hidden />
            {t("export.download")}
          </a>
        </div>
      )}
      {latest?.status === "failed" && (
        <p className="text-sm text-destructive" role="alert">
          {latest.error === "too_large" && estimate.data ? t("export.tooLarge", { size: size(estimate.data.max_bytes) }) : t("export.failed")}
        </p>
      )}
      {!isUnderWay && !disabled && (
        <p className="text-sm text-muted-foreground" data-testid="export-estimate" aria-live="polite">
          {estimate.isPending
            ? t("export.estimating")
            : estimate.data && (estimate.data.bytes < 10 * 1024 ? t("export.estimateEmpty") : t("export.estimate", { rows: estimate.data.rows, size: size(estimate.data.bytes) }))}
          {estimate.data && estimate.data.bytes > estimate.data.max_bytes && <span className="block text-destructive">{t("export.estimateOver", { size: size(estimate.data.max_bytes) })}</span>}
        </p>
      )}
      {!isUnderWay && (
        <div>
          <Button variant={latest?.status === "done" ? "outline" : "default"} onClick={begin} disabled={disabled || start.isPending || list.isPending}>
            {latest ? t("export.again") : startLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
