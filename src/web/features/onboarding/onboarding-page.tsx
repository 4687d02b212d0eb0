import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useOrg } from "@/web/features/organisations/org-context";
import { appName } from "@/web/lib/app-name";
import { storageKeys } from "@/web/lib/storage-keys";

export function OnboardingPage() {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const { currentOrg } = useOrg();
  const finish = () => {
    localStorage.setItem(storageKeys.onboardingDone, "true");
    navigate("/app/dashboard", { replace: true });
  };
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardHeader>
        <CardTitle>
          <h1>{t("onboarding.title", { app: appName() })}</h1>
        </CardTitle>
        <CardDescription>{t("onboarding.body", { org: currentOrg?.name ?? "" })}</CardDescription>
      </CardHeader>
      <CardContent />
      <CardFooter className="justify-end">
        <Button onClick={finish}>{t("onboarding.continue")}</Button>
      </CardFooter>
    </Card>
  );
}
