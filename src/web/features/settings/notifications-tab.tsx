import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Says what is true today: no event emails to choose from yet, only the account's own. */
export function NotificationsTab() {
  const { t } = useTranslation("settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("notifications.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{t("notifications.body")}</p>
      </CardContent>
    </Card>
  );
}
