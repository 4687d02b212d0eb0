import { ServerCrash } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { appName } from "@/web/lib/app-name";

export function SafeMode({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md text-center">
        <ServerCrash className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold">{t("safeMode.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("safeMode.body", { app: appName() })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={onRetry}>{t("safeMode.retry")}</Button>
          <Button asChild variant="outline">
            <Link to="/deploy/wizard">{t("safeMode.deployWizard")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/status">{t("safeMode.systemCheck")}</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
