import { FlaskConical, KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import "../integration-cards-i18n";
import { integrationCategories, type Connection } from "@/shared/connections";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/lib/toast";
import { errorMessage } from "@/web/lib/error-message";
import { useProviderName } from "../lib/provider-name";
import { useSaveConnection } from "../lib/use-save-connection";
import { useSwitchConnection } from "../lib/use-switch-connection";
import { ConnectionStatusBadge } from "./connection-status-badge";
import { SecretInput } from "./secret-input";
import { TestedAt } from "./tested-at";

type BrowserUseCardProps = {
  connection: Connection | undefined;
  isLoading: boolean;
  isTesting: boolean;
  canManage: boolean;
  onTest: () => void;
};

/**
 * Browser Use needs a key, not a switch: the owner saves its API key, the server tests it against
 * Browser Use's API, and the card says Connected only after that test passed (the badge's switch-only
 * rule). The last test's result stays on the card: accepted, refused, or not reachable.
 */
export function BrowserUseCard({ connection, isLoading, isTesting, canManage, onTest }: BrowserUseCardProps) {
  const { t } = useTranslation("connections");
  const { t: tCards } = useTranslation("integrationCards");
  const { t: tc } = useTranslation();
  const name = useProviderName()("browseruse");
  const save = useSaveConnection();
  const switchConnection = useSwitchConnection();
  const keyId = useId();
  const [apiKey, setApiKey] = useState("");
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const hasKey = Boolean(connection?.masked_key) && connection?.status !== "disconnected";
  const showForm = canManage && (!hasKey || isEditing);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSaving(true);
    setFieldError(null);
    const input = connection ? { connectionId: connection.id, api_key: apiKey, status: "connected" as const } : { provider: "browseruse" as const, api_key: apiKey };
    const result = await save(input);
    setIsSaving(false);
    if (result.ok) {
      setApiKey("");
      setIsEditing(false);
    } else setFieldError(result.fields?.api_key ?? result.message);
  };

  const disconnect = async () => {
    try {
      await switchConnection("browseruse", false, connection);
      toast.success(t("toasts.disconnected", { provider: name }));
    } catch (e) {
      toast.error(tc("error"), { description: t("toasts.disconnectFailed", { provider: name, message: errorMessage(e, tc, { fallback: t("toasts.unknownError"), isWrite: true }) }) });
    }
  };

  return (
    <Card id="browseruse" data-provider="browseruse" className="flex h-full scroll-mt-20 flex-col gap-3 p-5" role="group" aria-labelledby="browseruse-title">
      <div className="grid min-w-0 gap-1">
        <h2 id="browseruse-title" className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground">{t("integrations.descriptions.browseruse")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{t(`integrations.categories.${integrationCategories.browseruse as "AI/Automation"}`)}</Badge>
        {isLoading ? <span className="h-5 w-20 animate-pulse rounded-full bg-muted" aria-hidden /> : <ConnectionStatusBadge status={hasKey ? (connection?.status ?? null) : null} testOutcome={connection?.test_outcome ?? null} switchOnly />}
      </div>
      {hasKey && connection && (
        <div className="grid gap-1 text-sm">
          <dl className="flex gap-2">
            <dt className="text-muted-foreground">{t("card.maskedKey")}</dt>
            <dd className="font-mono">{connection.masked_key}</dd>
          </dl>
          <div className="text-muted-foreground">
            <TestedAt at={connection.tested_at} />
          </div>
          {connection.test_message && (
            <p data-testid="test-message" data-outcome={connection.test_outcome ?? ""} className={connection.test_outcome === "valid" ? "text-green-800 dark:text-green-300" : "text-red-800 dark:text-red-300"}>
              {t("integrations.lastTest", { message: connection.test_message })}
            </p>
          )}
        </div>
      )}
      {!canManage && !hasKey && (
        <p className="text-sm text-muted-foreground">
          {tCards("browserUse.notSet")}
        </p>
      )}
      {showForm && (
        <form className="grid gap-2" onSubmit={(e) => void submit(e)} noValidate>
          <Label htmlFor={keyId}>{tCards("browserUse.keyLabel")}</Label>
          <SecretInput id={keyId} name="api_key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} aria-invalid={fieldError ? true : undefined} aria-describedby={`${keyId}-help`} required />
          <p id={`${keyId}-help`} className="text-xs text-muted-foreground">
            {fieldError ?? tCards("browserUse.keyHelp")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={isSaving || !apiKey.trim()}>
              <KeyRound aria-hidden />
              {isSaving ? tCards("browserUse.saving") : tCards("browserUse.saveAndTest")}
            </Button>
            {isEditing && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setIsEditing(false)}>
                {tc("cancel")}
              </Button>
            )}
          </div>
        </form>
      )}
      {hasKey && canManage && !isEditing && connection && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={isTesting} onClick={onTest}>
            <FlaskConical aria-hidden />
            {isTesting ? t("integrations.testing") : t("integrations.test")}
            <span className="sr-only">{` ${name}`}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
            {tCards("browserUse.replaceKey")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            {tCards("browserUse.disconnect")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("disconnect.title", { provider: name })}
        description={tCards("browserUse.disconnectDescription", { masked: connection?.masked_key ?? "" })}
        confirmLabel={t("disconnect.confirm")}
        cancelLabel={tc("cancel")}
        onConfirm={() => {
          setConfirming(false);
          void disconnect();
        }}
      />
    </Card>
  );
}
