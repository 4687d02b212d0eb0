import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/web/components/ui/card";
import { Progress } from "@/web/components/ui/progress";
import { storageKeys } from "@/web/lib/storage-keys";
import { usePlanes } from "@/web/features/planes/api/get-planes";
import { useCreateDefaultPlanes } from "./api/onboarding";
import { CompleteStep } from "./components/complete-step";
import { ImportStep } from "./components/import-step";
import { IntegrationsStep } from "./components/integrations-step";
import { WelcomeStep } from "./components/welcome-step";

const steps = ["welcome", "integrations", "import", "complete"] as const;

/** Steps 0 to 3 with Back and Continue; completing stores the local flag and opens the dashboard. */
export function OnboardingPage() {
  const { t } = useTranslation("onboarding");
  const navigate = useNavigate();
  const planes = usePlanes();
  const createPlanes = useCreateDefaultPlanes();
  const [step, setStep] = useState(0);
  const [businessName, setBusinessName] = useState("Boats Business");
  const [welcomeError, setWelcomeError] = useState<string | null>(null);
  const hasPlanes = Boolean(planes.data?.length);

  const next = async () => {
    if (step === 0 && !hasPlanes) {
      setWelcomeError(null);
      try {
        await createPlanes.mutateAsync({ business_name: businessName.trim() || "Boats Business" });
      } catch (e) {
        return setWelcomeError(t("welcome.failed", { message: e instanceof Error ? e.message : "" }));
      }
    }
    setStep((s) => Math.min(s + 1, steps.length - 1));
  };
  const finish = () => {
    localStorage.setItem(storageKeys.onboardingDone, "true");
    void navigate("/app/dashboard", { replace: true });
  };

  return (
    <Card className="mx-auto w-full max-w-2xl sm:mt-4">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <span>{t(`steps.${steps[step]!}`)}</span>
          <span>{t("progress", { step: step + 1, total: steps.length })}</span>
        </div>
        <Progress value={((step + 1) / steps.length) * 100} label={t("progressLabel")} />
      </CardHeader>
      <CardContent>
        {step === 0 && <WelcomeStep planes={planes.data} isLoading={planes.isPending} businessName={businessName} onBusinessNameChange={setBusinessName} error={welcomeError} />}
        {step === 1 && <IntegrationsStep />}
        {step === 2 && <ImportStep />}
        {step === 3 && <CompleteStep onFinish={finish} />}
      </CardContent>
      <CardFooter className="justify-between gap-2">
        <Button variant="outline" onClick={() => setStep((s) => Math.max(s - 1, 0))} disabled={step === 0} className={step === 0 ? "invisible" : undefined}>
          {t("back")}
        </Button>
        {step < steps.length - 1 && (
          <Button onClick={() => void next()} disabled={createPlanes.isPending || (step === 0 && planes.isPending)}>
            {createPlanes.isPending ? t("welcome.creating") : t("continue")}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
