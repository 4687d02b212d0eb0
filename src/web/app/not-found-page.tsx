import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("notFound.body")}</p>
        <div className="mt-6 flex justify-center gap-2">
          <Button onClick={() => navigate("/")}>{t("notFound.goHome")}</Button>
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t("notFound.goBack")}
          </Button>
        </div>
      </div>
    </main>
  );
}
