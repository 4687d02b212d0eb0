import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/web/components/ui/alert";
import { twoFactorGate } from "./two-factor-gate-store";

/** Settings > Security, while the organisation is blocked for want of two-factor: why, and where to turn it on. */
export function TwoFactorRequiredNotice() {
  const { t } = useTranslation("settings");
  const required = useSyncExternalStore(twoFactorGate.subscribe, twoFactorGate.isRequired, () => false);
  if (!required) return null;
  return (
    <Alert role="status" data-testid="two-factor-required-notice">
      {t("twoFactorGate.banner")}
    </Alert>
  );
}
