import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { integrationProviders, type Connection, type IntegrationProvider } from "@/shared/connections";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { useFeatureFlag } from "@/web/features/flags/use-feature-flag";
import { useCan } from "@/web/features/organisations/use-can";
import { errorMessage } from "@/web/lib/error-message";
import { ShownWhenLoaded, useShown } from "@/web/components/shown-when-loaded";
import { useLoadErrorToast } from "@/web/lib/use-load-error-toast";
import { useConnections } from "./api/get-connections";
import { BrowserUseCard } from "./components/browser-use-card";
import { BackToSetup } from "./components/back-to-setup";
import { IntegrationCard } from "./components/integration-card";
import { TelegramCard } from "./telegram/telegram-card";
import { WhatsappCard } from "./whatsapp/whatsapp-card";
import { CalendarFeedPanel } from "@/web/features/calendar-feed/calendar-feed-panel";
import { GoogleCalendarPanel } from "@/web/features/calendar-feed/google-calendar-panel";
import { LoadFailed } from "@/web/components/load-failed";
import { OwnerOnlyNote } from "@/web/components/owner-only-note";
import { useProviderName } from "./lib/provider-name";
import { useRunTest } from "./lib/use-run-test";
import { useScrollToHash } from "./lib/use-scroll-to-hash";
import { useSwitchConnection } from "./lib/use-switch-connection";

const REASON_ID = "integrations-owner-only";

export function IntegrationsPage() {
  const { t } = useTranslation("connections");
  const { t: tc } = useTranslation();
  const providerName = useProviderName();
  const isN8nOn = useFeatureFlag("N8N_ENABLED");
  const connections = useConnections();
  const switchConnection = useSwitchConnection();
  const tests = useRunTest();
  const canManage = useCan("connection.manage");
  const [switching, setSwitching] = useState<ReadonlySet<IntegrationProvider>>(new Set());
  // Disconnecting clears credentials (spec), so switching off a card that holds a key asks first.
  const [confirming, setConfirming] = useState<Connection & { provider: IntegrationProvider } | null>(null);
  const failed = connections.isError && !connections.data;
  // The cards load their own data (the calendar's panels, WhatsApp, Telegram): shown together once they have it.
  useLoadErrorToast(failed ? connections.error : null, t("toasts.loadFailed"));

  const providers = integrationProviders.filter((p) => p !== "n8n" || isN8nOn);
  const connectionOf = (provider: IntegrationProvider) => connections.data?.find((c) => c.provider === provider);

  const requestToggle = (provider: IntegrationProvider) => {
    const existing = connectionOf(provider);
    if (existing?.status === "connected" && existing.masked_key) setConfirming({ ...existing, provider });
    else void toggle(provider);
  };

  const toggle = async (provider: IntegrationProvider) => {
    const existing = connectionOf(provider);
    const on = existing?.status !== "connected";
    const name = providerName(provider);
    setSwitching((s) => new Set(s).add(provider));
    try {
      await switchConnection(provider, on, existing);
      toast.success(t(on ? "toasts.connected" : "toasts.disconnected", { provider: name }));
    } catch (e) {
      const message = errorMessage(e, tc, { fallback: t("toasts.unknownError"), isWrite: true });
      toast.error(tc("error"), { description: t(on ? "toasts.connectFailed" : "toasts.disconnectFailed", { provider: name, message }) });
    } finally {
      setSwitching((s) => {
        const next = new Set(s);
        next.delete(provider);
        return next;
      });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <BackToSetup />
      <div>
        <h1 className="text-2xl font-semibold">{t("integrations.title")}</h1>
        <p className="text-muted-foreground">{t("integrations.subtitle")}</p>
      </div>
      {!canManage && <OwnerOnlyNote id={REASON_ID}>{t("integrations.ownerOnly")}</OwnerOnlyNote>}
      {connections.isPending && (
        <p role="status" className="sr-only">
          {t("integrations.loading")}
        </p>
      )}
      {failed && <LoadFailed message={t("toasts.loadFailed")} onRetry={() => void connections.refetch()} />}
      {/* The cards render before the list arrives, so the palette's scroll to #gmail finds its target. */}
      <ShownWhenLoaded label={t("integrations.loading")}>
        <ScrollToHashWhenShown />
        <ul aria-label={t("integrations.listLabel")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {providers.map((provider) => {
            const connection = connectionOf(provider);
            // Browser Use holds a key that is tested, not a bare switch (browser-use-card.tsx).
            if (provider === "browseruse") {
              return (
                <li key={provider} className="grid">
                  <BrowserUseCard connection={connection} isLoading={!connections.data} isTesting={connection ? tests.isTesting(connection.id) : false} canManage={canManage} onTest={() => connection && void tests.run(connection)} />
                </li>
              );
            }
            // Telegram connects for real (a bot token, a webhook, linked chats): its own card.
            if (provider === "telegram")
              return (
                <li key={provider} className="grid">
                  <TelegramCard canManage={canManage} />
                </li>
              );
            // WhatsApp connects for real too (Meta's number, token and app secret, a signed webhook, linked numbers).
            if (provider === "whatsapp")
              return (
                <li key={provider} className="grid">
                  <WhatsappCard canManage={canManage} />
                </li>
              );
            return (
              <li key={provider} className="grid">
                <IntegrationCard
                  provider={provider}
                  connection={connection}
                  isLoading={!connections.data}
                  isSwitching={switching.has(provider)}
                  isTesting={connection ? tests.isTesting(connection.id) : false}
                  canManage={canManage}
                  reasonId={REASON_ID}
                  onToggle={() => requestToggle(provider)}
                  onTest={() => connection && void tests.run(connection)}
                  // The calendar feed is each user's own; an older organisation switch stays until turned off.
                  switchless={(provider === "calendar" || provider === "gmail") && !connection}
                >
                  {provider === "calendar" && <CalendarFeedPanel />}
                  {provider === "calendar" && <GoogleCalendarPanel />}
                </IntegrationCard>
              </li>
            );
          })}
        </ul>
      </ShownWhenLoaded>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("disconnect.title", { provider: confirming ? providerName(confirming.provider) : "" })}
        description={t("disconnect.description", { masked: confirming?.masked_key ?? "" })}
        confirmLabel={t("disconnect.confirm")}
        cancelLabel={tc("cancel")}
        onConfirm={() => {
          if (confirming) void toggle(confirming.provider);
          setConfirming(null);
        }}
      />
    </div>
  );
}

/** The palette's #card, once the cards are shown: an unseen one can be neither scrolled to nor focused. */
function ScrollToHashWhenShown() {
  useScrollToHash(useShown());
  return null;
}
