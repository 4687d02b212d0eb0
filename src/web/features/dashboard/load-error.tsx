import { useTranslation } from "react-i18next";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";

/** The dashboard's load-failed toasts share one id: the page and its task list never show two. */
export const DASHBOARD_LOAD_ERROR = "dashboard-load-error";

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
      <span>{t("error.title")}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("error.retry")}
      </Button>
    </Alert>
  );
}
