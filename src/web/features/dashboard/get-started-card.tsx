import { FolderPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Shown instead of the task lists while the organisation has no project to put tasks in. */
export function GetStartedCard() {
  const { t } = useTranslation("dashboard");
  return (
    <Card>
      <CardHeader className="items-start">
        <FolderPlus className="size-8 text-primary" aria-hidden />
        <CardTitle>
          <h2>{t("getStarted.title")}</h2>
        </CardTitle>
        <CardDescription>{t("getStarted.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/app/planes" className={buttonClass()}>
          {t("getStarted.action")}
        </Link>
      </CardContent>
    </Card>
  );
}
