import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";

/** One 'Failed to load dashboard data' toast each time a load starts failing, not one per render. */
export function useLoadErrorToast(isError: boolean) {
  const { t } = useTranslation("dashboard");
  const { t: tc } = useTranslation();
  useEffect(() => {
    if (isError) toast.error(tc("error"), { id: "dashboard-load-error", description: t("error.toast") });
  }, [isError, t, tc]);
}
