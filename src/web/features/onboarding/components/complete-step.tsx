import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";

export function CompleteStep({ onFinish }: { onFinish: () => void }) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <CheckCircle2 aria-hidden className="size-12 text-primary" />
      <h1 className="text-2xl font-semibold">{t("complete.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("complete.body")}</p>
      <Button size="lg" onClick={onFinish}>
        {t("complete.goToDashboard")}
      </Button>
    </div>
  );
}
