import "@/web/features/projects/projects-i18n";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Alert } from "@/web/components/ui/alert";

/** The server's plan-limit message, with the way out: the pricing page. */
export function PlanLimitAlert({ message }: { message: string }) {
  const { t } = useTranslation("projects");
  return (
    <Alert variant="destructive">
      <p>{message}</p>
      <Link to="/pricing" className="mt-1 inline-block font-medium underline underline-offset-4">
        {t("planLimit.seePricing")}
      </Link>
    </Alert>
  );
}
