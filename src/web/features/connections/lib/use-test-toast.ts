import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import type { KeyTestResult } from "@/shared/connections";
import { useProviderName } from "./provider-name";

/** Says what the server's test found, in the tone it deserves: "not verifiable" is information, not success. */
export function useTestToast() {
  const { t } = useTranslation("connections");
  const providerName = useProviderName();
  return (provider: string, test: KeyTestResult) => {
    const name = providerName(provider);
    const options = { description: test.message };
    if (test.outcome === "valid") toast.success(t("toasts.testValid", { provider: name }), options);
    else if (test.outcome === "invalid") toast.error(t("toasts.testInvalid", { provider: name }), options);
    else toast.info(t("toasts.testInfo", { provider: name }), options);
  };
}
