import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { cn } from "@/web/lib/cn";
import { onboardingProviders, readIntegrationChoices, writeIntegrationChoices, type IntegrationChoices, type OnboardingProvider } from "../lib/integration-choices";

/** Toggles stay usable when storage fails: the choice changes here and the user is told. */
export function IntegrationsStep() {
  const { t } = useTranslation("onboarding");
  const [choices, setChoices] = useState<IntegrationChoices>(readIntegrationChoices);

  const toggle = (provider: OnboardingProvider) => {
    const next = { ...choices, [provider]: !choices[provider] };
    setChoices(next);
    try {
      writeIntegrationChoices(next);
    } catch {
      toast.error(t("integrations.failed"));
    }
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("integrations.title")}</h1>
        <p className="text-muted-foreground">{t("integrations.body")}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {onboardingProviders.map((provider) => {
          const on = choices[provider] === true;
          const name = t(`integrations.providers.${provider}.name`);
          return (
            <li key={provider} className="flex items-center justify-between gap-3 rounded-md border p-3">
              <div className="min-w-0">
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">{t(`integrations.providers.${provider}.description`)}</p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-label={t("integrations.toggle", { name })}
                onClick={() => toggle(provider)}
                className={cn(
                  "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
                  on ? "bg-primary" : "bg-muted-foreground/30",
                )}
              >
                <span className={cn("inline-block size-5 rounded-full bg-background shadow transition-transform", on ? "translate-x-5.5" : "translate-x-0.5")} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
