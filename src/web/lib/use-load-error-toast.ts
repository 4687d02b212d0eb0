import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { isUnreachable } from "./api";

/**
 * One 'Error' toast, with `description`, each time a load starts failing (pass a falsy error
 * otherwise), not one per render. None while the server is unreachable: the connection banner
 * says that once for every request. `id` makes a later toast replace a shown one.
 */
export function useLoadErrorToast(error: unknown, description: string, id?: string) {
  const { t } = useTranslation();
  const isShown = Boolean(error) && !isUnreachable(error);
  useEffect(() => {
    if (isShown) toast.error(t("error"), { id, description });
  }, [isShown, description, id, t]);
}
