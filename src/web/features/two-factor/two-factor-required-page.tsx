import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useOrg } from "@/web/features/organisations/org-context";
import "@/web/features/settings/settings-i18n";

/** Instead of any page but Settings: the organisation requires two-factor sign-in and this user has not turned it on. */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation("settings");
  const { currentOrg } = useOrg();
  return (
    <div className="mx-auto grid max-w-xl gap-6 py-8">
      <Card>
        <CardHeader>
          <ShieldAlert aria-hidden className="size-8 text-primary" />
          <CardTitle>
            <h1 className="text-xl font-semibold">{t("twoFactorGate.title")}</h1>
          </CardTitle>
          <CardDescription>{t("twoFactorGate.body", { org: currentOrg?.name ?? "" })}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/app/settings?tab=security" className={buttonClass()}>
            {t("twoFactorGate.setUp")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
