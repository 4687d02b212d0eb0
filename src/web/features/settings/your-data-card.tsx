import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { ExportPanel } from "./export-panel";
import "./data-rights-i18n";

/** Profile's "Your data": download everything about me (GDPR art. 15/20) and delete my account (art. 17). */
export function YourDataCard() {
  const { t } = useTranslation("dataRights");
  const [erasing, setErasing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t("yourData.title")}</h2>
        </CardTitle>
        <CardDescription>{t("yourData.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ExportPanel target={{ scope: "user" }} startLabel={t("export.startMine")} />
        <div className="border-t pt-4">
          <Button variant="destructive" onClick={() => setErasing(true)}>
            {t("deleteAccount.button")}
          </Button>
        </div>
        <DeleteAccountDialog open={erasing} onOpenChange={setErasing} />
      </CardContent>
    </Card>
  );
}
