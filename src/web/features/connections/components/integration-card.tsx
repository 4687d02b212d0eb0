import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { integrationCategories, type Connection, type IntegrationProvider } from "@/shared/connections";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useProviderName } from "../lib/provider-name";
import { ConnectionStatusBadge } from "./connection-status-badge";
import { Switch } from "@/web/components/ui/switch";
import { GmailMailPanel } from "../mail/gmail-mail-panel";

// The shared map types its values as string; these are the five it holds (each has a label in connections.json).
type IntegrationCategory = "Communication" | "Productivity" | "Automation" | "AI/Automation" | "AI";

type IntegrationCardProps = {
  provider: IntegrationProvider;
  connection: Connection | undefined;
  /** The list has not arrived (or failed): the status is not known, so nothing can be switched. */
  isLoading: boolean;
  isSwitching: boolean;
  isTesting: boolean;
  /** False for a member: the switch stays visible (it shows the status) but disabled, and Test is gone. */
  canManage: boolean;
  /** The id of the note that says why the switch is disabled. */
  reasonId?: string;
  onToggle: () => void;
  onTest: () => void;
  /**
   * A card whose work needs no organisation switch (the calendar feed is each user's own): no
   * switch and no connection badge, so nothing claims a connection that does not exist.
   */
  switchless?: boolean;
  /** The provider's own part of the card, under its status (the calendar feed). */
  children?: ReactNode;
};

/** The element's id is the provider, so the palette's 'Connect Gmail' can scroll to #gmail. */
export function IntegrationCard({ provider, connection, isLoading, isSwitching, isTesting, canManage, reasonId, onToggle, onTest, switchless = false, children }: IntegrationCardProps) {
  const { t } = useTranslation("connections");
  const name = useProviderName()(provider);
  const isConnected = connection?.status === "connected";
  const category = integrationCategories[provider] as IntegrationCategory;
  return (
    <Card id={provider} data-provider={provider} className="flex h-full scroll-mt-20 flex-col gap-3 p-5" role="group" aria-labelledby={`${provider}-title`}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={`${provider}-title`} className="text-lg font-semibold">
            {name}
          </h2>
          <p className="text-sm text-muted-foreground">{t(`integrations.descriptions.${provider}`)}</p>
        </div>
        {!switchless && (
          <Switch
            checked={isConnected}
            aria-label={t("integrations.toggle", { provider: name })}
            aria-describedby={canManage ? undefined : reasonId}
            disabled={isLoading || isSwitching || !canManage}
            onCheckedChange={onToggle}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{t(`integrations.categories.${category}`)}</Badge>
        {switchless ? null : isLoading ? <span className="h-5 w-20 animate-pulse rounded-full bg-muted" aria-hidden /> : <ConnectionStatusBadge status={connection?.status ?? null} testOutcome={connection?.test_outcome ?? null} switchOnly />}
      </div>
      {connection?.test_message && (
        <p className="text-sm text-muted-foreground" data-testid="test-message">
          {t("integrations.lastTest", { message: connection.test_message })}
        </p>
      )}
      {provider === "gmail" && <GmailMailPanel canManage={canManage} />}
      {children}
      {isConnected && canManage && (
        <Button variant="outline" size="sm" className="mt-auto justify-self-start" disabled={isTesting} onClick={onTest}>
          <FlaskConical aria-hidden />
          {isTesting ? t("integrations.testing") : t("integrations.test")}
          <span className="sr-only">{` ${name}`}</span>
        </Button>
      )}
    </Card>
  );
}
