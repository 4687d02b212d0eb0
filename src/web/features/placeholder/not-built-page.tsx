import { Construction } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";

/** Stands in for a screen a later issue builds, so no link in the shell is dead. */
export function NotBuiltPage({ titleKey, inApp = true }: { titleKey: string; inApp?: boolean }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation("shell");
  const name = ts(`pages.${titleKey}` as "pages.dashboard");
  return (
    <div className={inApp ? "mx-auto max-w-xl py-16 text-center" : "mx-auto max-w-xl px-6 py-24 text-center"}>
      <Construction className="mx-auto mb-4 size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold">{t("notBuilt.title", { name })}</h1>
      <p className="mt-2 text-muted-foreground">{t("notBuilt.body", { app: appName() })}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={inApp ? "/app/dashboard" : "/"}>{inApp ? t("notBuilt.backToDashboard") : t("notFound.goHome")}</Link>
      </Button>
    </div>
  );
}
