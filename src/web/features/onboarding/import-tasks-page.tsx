import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { ImportStep } from "./components/import-step";
import "./onboarding-i18n";

/**
 * /app/import: the onboarding's CSV import, any time after it (from the project page, the
 * palette and the dashboard's task list). Large files are imported in the background.
 */
export function ImportTasksPage() {
  const { t } = useTranslation("onboarding");
  return (
    <Card className="mx-auto w-full max-w-3xl sm:mt-4">
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">{t("importPage.title")}</h1>
        </CardTitle>
        <CardDescription>{t("importPage.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ImportStep showTitle={false} />
      </CardContent>
    </Card>
  );
}
