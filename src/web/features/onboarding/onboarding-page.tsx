import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/web/components/ui/card";
import { Progress } from "@/web/components/ui/progress";
import { storageKeys } from "@/web/lib/storage-keys";
import { useOrg } from "@/web/features/organisations/org-context";
import { usePlanes } from "@/web/features/planes/api/get-planes";
import { withParam } from "@/web/features/tasks/lib/view-param";
import { useCreateDefaultPlanes } from "./api/onboarding";
import { CompleteStep } from "./components/complete-step";
import { ImportStep } from "./components/import-step";
import { IntegrationsStep } from "./components/integrations-step";
import { defaultBusinessName, WelcomeStep } from "./components/welcome-step";
import "./onboarding-i18n";

const steps = ["welcome", "integrations", "import", "complete"] as const;

/** `?step=` is the step's index, 0 to 3; anything else is the first step. */
const parseStep = (raw: string | null) => {
  const step = raw && /^\d$/.test(raw) ? Number(raw) : 0;
  return step < steps.length ? step : 0;
};

/**
 * Steps 0 to 3 with Back and Continue; completing stores the local flag and opens the dashboard.
 * The step is in the address, one history entry each, so a reload stays and the browser's Back
 * goes a step back. Past the first only once the planes it creates exist.
 */
export function OnboardingPage() {
  const { t } = useTranslation("onboarding");
  const navigate = useNavigate();
  const { markOnboarded } = useOrg();
  const planes = usePlanes();
  const createPlanes = useCreateDefaultPlanes();
  const [params, setParams] = useSearchParams();
  const [businessName, setBusinessName] = useState(defaultBusinessName);
  const [welcomeError, setWelcomeError] = useState<string | null>(null);
  const hasPlanes = Boolean(planes.data?.length);
  const isGated = planes.isSuccess && !hasPlanes;
  const step = isGated ? 0 : parseStep(params.get("step"));
  // From the address's step, not this render's: quick clicks each move one step.
  const move = (by: 1 | -1) =>
    setParams((p) => {
      const to = Math.min(Math.max((isGated ? 0 : parseStep(p.get("step"))) + by, 0), steps.length - 1);
      return withParam(p, "step", String(to), "0");
    });

  const next = async () => {
    if (step === 0 && !hasPlanes) {
      setWelcomeError(null);
      try {
        await createPlanes.mutateAsync({ business_name: businessName.trim() || defaultBusinessName() });
      } catch (e) {
        return setWelcomeError(t("welcome.failed", { message: e instanceof Error ? e.message : "" }));
      }
    }
    move(1);
  };
  const finish = async () => {
    // Kept on the server, so another device skips it. Should that fail, the local flag still lets
    // the user in, in this browser only: it is never sent on (app-layout.tsx), so another device
    // shows the onboarding again.
    localStorage.setItem(storageKeys.onboardingDone, "true");
    await markOnboarded().catch(() => undefined);
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
        {step === 3 && <CompleteStep onFinish={() => void finish()} />}
      </CardContent>
      <CardFooter className="justify-between gap-2">
        <Button variant="outline" onClick={() => move(-1)} disabled={step === 0} className={step === 0 ? "invisible" : undefined}>
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
