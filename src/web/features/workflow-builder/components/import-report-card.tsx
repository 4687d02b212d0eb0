import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ImportReport } from "@/shared/n8n";
import { Button } from "@/web/components/ui/button";
import { useSharedText } from "../lib/shared-texts";

/** After an import: how many nodes are editable, which are kept exactly as n8n wrote them, and any notes. */
export function ImportReportCard({ report, onDismiss }: { report: ImportReport; onDismiss: () => void }) {
  const { t } = useTranslation("workflowBuilder");
  const said = useSharedText();
  return (
    <div role="status" data-testid="import-report" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Info aria-hidden className="size-4 text-primary" />
        {t("importReport.title")}
      </p>
      <p>{t("importReport.editable", { count: report.editable })}</p>
      {report.keptAsIs.length > 0 && (
        <div>
          <p>{t("importReport.keptAsIs", { count: report.keptAsIs.length })}</p>
          <ul className="list-disc pl-6">
            {report.keptAsIs.map((k) => (
              <li key={k.name}>{t("importReport.keptNode", { name: k.name, type: k.type })}</li>
            ))}
          </ul>
        </div>
      )}
      {report.notes.length > 0 && (
        <div>
          <p className="font-medium">{t("importReport.notes")}</p>
          <ul className="list-disc pl-6">
            {report.notes.map((note) => (
              <li key={note}>{said(note)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <p className="text-muted-foreground">{t("importReport.saveHint")}</p>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
          {t("importReport.dismiss")}
        </Button>
      </div>
    </div>
  );
}
