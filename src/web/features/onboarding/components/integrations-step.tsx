import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConnections } from "@/web/features/connections/api/get-connections";
import { ConnectionStatusBadge } from "@/web/features/connections/components/connection-status-badge";
import { isKeyProvider } from "@/web/features/connections/lib/connection-state";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { useCan } from "@/web/features/organisations/use-can";
import { onboardingProviders, setUpPathOf } from "../lib/integration-choices";

/**
 * Shows what the organisation has connected, as the server checked it, and where each is set up.
 * There are no switches here: a switch would store an unverified row that says nothing true, and
 * every integration needs credentials or a link that its own card tests before it says Connected.
 */
export function IntegrationsStep() {
  const { t } = useTranslation("onboarding");
  const { t: tConnections } = useTranslation("connections");
  const canManage = useCan("connection.manage");
  const connections = useConnections();
  const connectionOf = (provider: string) => connections.data?.find((c) => c.provider === provider);

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("integrations.title")}</h1>
        <p className="text-muted-foreground">{t("integrations.body")}</p>
      </div>
      {!canManage && <OwnerOnlyNote id="onboarding-owner-only">{tConnections("integrations.ownerOnly")}</OwnerOnlyNote>}
      {connections.isError && !connections.data && (
        <p role="alert" className="text-sm text-destructive">
          {t("integrations.loadFailed")}
        </p>
      )}
      <ul className="grid gap-2 sm:grid-cols-2" aria-busy={connections.isPending} aria-label={t("integrations.listLabel")}>
        {onboardingProviders.map((provider) => {
          const name = t(`integrations.providers.${provider}.name`);
          const connection = connectionOf(provider);
          return (
            <li key={provider} className="flex items-center justify-between gap-3 rounded-md border p-3" data-provider={provider}>
              <div className="grid min-w-0 gap-1">
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">{t(`integrations.providers.${provider}.description`)}</p>
                {connections.data && (
                  <span>
                    <ConnectionStatusBadge status={connection?.status ?? null} testOutcome={connection?.test_outcome ?? null} switchOnly={!isKeyProvider({ provider })} />
                  </span>
                )}
              </div>
              <Link to={setUpPathOf(provider)} className="shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={t("integrations.setUpLabel", { name })}>
                {t("integrations.setUp")}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
