import { useTranslation } from "react-i18next";
import { useOrg } from "@/web/features/organisations/org-context";

export function DashboardPage() {
  const { t } = useTranslation("shell");
  const { currentOrg } = useOrg();
  return (
    <div>
      <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
      <p className="text-muted-foreground">{t("dashboard.subtitle", { org: currentOrg?.name ?? "" })}</p>
    </div>
  );
}
