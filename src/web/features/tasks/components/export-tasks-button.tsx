import { useState } from "react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { useOrgId } from "@/web/features/organisations/use-org-id";
import { useCalendarDay } from "@/web/lib/calendar-day";
import { currentLanguage } from "@/web/lib/csv-format";
import { errorMessage } from "@/web/lib/error-message";
import type { TaskFilter } from "../api/get-tasks";

/**
 * "Export CSV": the list's tasks (its filter, every page) as a file in the user's language's
 * spreadsheet format. Done in the browser with the list's own route, so the export sees exactly
 * what the list shows and needs no route or permission of its own.
 */
export function ExportTasksButton({ filter, disabled }: { filter: TaskFilter; disabled?: boolean }) {
  const { t, i18n } = useTranslation("dashboard");
  const orgId = useOrgId();
  const { day, tz } = useCalendarDay();
  const [isExporting, setIsExporting] = useState(false);

  const run = async () => {
    setIsExporting(true);
    try {
      const { exportTasks } = await import("../lib/export-tasks");
      await exportTasks(orgId, filter, { tz, day, language: currentLanguage(i18n.language) });
    } catch (e) {
      toast.error(t("tasks.exportFailed"), { description: errorMessage(e, i18n.t, { fallback: t("tasks.exportFailed") }) });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Button variant="outline" size="sm" disabled={disabled || isExporting} onClick={() => void run()}>
      <Download aria-hidden />
      {isExporting ? t("tasks.exporting") : t("tasks.export")}
    </Button>
  );
}
