import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ImportResult } from "@/shared/work";
import { Alert } from "@/web/components/ui/alert";

/** What was imported, and why each other row was not (a large file's report lists the first 1,000 reasons). */
export function ImportReport({ result }: { result: Pick<ImportResult, "imported" | "errors"> & { errorCount?: number } }) {
  const { t } = useTranslation("onboarding");
  const errorCount = result.errorCount ?? result.errors.length;
  const unlisted = errorCount - result.errors.length;
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 aria-hidden className="size-4 text-primary" />
        {t("import.imported", { count: result.imported })}
      </p>
      {errorCount > 0 && (
        <Alert variant="destructive" className="grid gap-1">
          <p className="font-medium">{t("import.errorsTitle", { count: errorCount })}</p>
          <ul className="grid max-h-48 gap-0.5 overflow-y-auto">
            {result.errors.map((error) => (
              <li key={error.row}>{t("import.rowError", { row: error.row, message: error.message })}</li>
            ))}
            {unlisted > 0 && <li>{t("import.moreErrors", { count: unlisted })}</li>}
          </ul>
        </Alert>
      )}
    </div>
  );
}
