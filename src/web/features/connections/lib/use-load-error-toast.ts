import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";

/** One 'Error' toast when a list fails to load and nothing is on screen yet. */
export function useLoadErrorToast(failed: boolean, description: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) toast.error(t("error"), { description });
  }, [failed, description, t]);
}
