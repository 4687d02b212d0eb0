import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { useConnections } from "@/web/features/connections/api/get-connections";
import { Switch } from "@/web/components/ui/switch";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { useSwitchConnection } from "@/web/features/connections/lib/use-switch-connection";
import { useCan } from "@/web/features/organisations/use-can";
import { onboardingProviders, type OnboardingProvider } from "../lib/integration-choices";

/**
 * Each toggle connects or disconnects the provider on the server. When that fails the toggle still
 * changes here and the user is told (the spec's safe mode), so onboarding never gets stuck.
 */
export function IntegrationsStep() {
  const { t } = useTranslation("onboarding");
  const { t: tConnections } = useTranslation("connections");
  const canManage = useCan("connection.manage");
  const connections = useConnections();
  const switchConnection = useSwitchConnection();
  const [local, setLocal] = useState<Partial<Record<OnboardingProvider, boolean>>>({});

  const connectionOf = (provider: OnboardingProvider) => connections.data?.find((c) => c.provider === provider);
  const isOn = (provider: OnboardingProvider) => local[provider] ?? connectionOf(provider)?.status === "connected";

  const toggle = async (provider: OnboardingProvider) => {
    const next = !isOn(provider);
    setLocal((choices) => ({ ...choices, [provider]: next }));
    try {
      await switchConnection(provider, next, connectionOf(provider));
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
      {!canManage && <OwnerOnlyNote id="onboarding-owner-only">{tConnections("integrations.ownerOnly")}</OwnerOnlyNote>}
      <ul className="grid gap-2 sm:grid-cols-2" aria-busy={connections.isPending}>
        {onboardingProviders.map((provider) => {
          const name = t(`integrations.providers.${provider}.name`);
          return (
            <li key={provider} className="flex items-center justify-between gap-3 rounded-md border p-3">
              <div className="min-w-0">
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">{t(`integrations.providers.${provider}.description`)}</p>
              </div>
              {/* Disabled until the list arrives (if it cannot load, the toggles work locally), and for members. */}
              <Switch checked={isOn(provider)} aria-label={t("integrations.toggle", { name })} aria-describedby={canManage ? undefined : "onboarding-owner-only"} disabled={connections.isPending || !canManage} onCheckedChange={() => void toggle(provider)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
