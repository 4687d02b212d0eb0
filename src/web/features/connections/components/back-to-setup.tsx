import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ONBOARDING_RETURN } from "@/web/features/onboarding/lib/integration-choices";

/** The wizard's step 2 sends `?from=onboarding`; this leads back to it (onboarding/lib/integration-choices.ts). */
export function BackToSetup() {
  const { t } = useTranslation("connections");
  const { search } = useLocation();
  if (new URLSearchParams(search).get("from") !== "onboarding") return null;
  return (
    <Link to={ONBOARDING_RETURN} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      {t("backToSetup")}
    </Link>
  );
}
