import { Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Connection } from "@/shared/connections";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { useProviderName } from "../lib/provider-name";
import { ConnectionStatusBadge } from "./connection-status-badge";
import { TestedAt } from "./tested-at";

type CardActions = { isTesting: boolean; onTest: () => void; onEdit: () => void; onRemove: () => void };
/** Without actions (a member's view) the card shows status and the masked key only. */
type ConnectionCardProps = { connection: Connection; actions?: CardActions };

/** One stored key: only its masked form ever reaches this page. */
export function ConnectionCard({ connection, actions }: ConnectionCardProps) {
  const { t } = useTranslation("connections");
  const provider = useProviderName()(connection.provider);
  const titleId = `connection-${connection.id}-title`;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-provider={connection.provider} aria-labelledby={titleId} role="group">
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {provider}
        </h2>
        <ConnectionStatusBadge status={connection.status} testOutcome={connection.test_outcome} />
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t("card.maskedKey")}</dt>
          <dd className="font-mono">{connection.masked_key ?? t("card.noKey")}</dd>
        </div>
        {connection.endpoint && (
          <div className="flex min-w-0 gap-2">
            <dt className="text-muted-foreground">{t("card.endpoint")}</dt>
            <dd className="truncate">{connection.endpoint}</dd>
          </div>
        )}
      </dl>
      {connection.description && <p className="text-sm">{connection.description}</p>}
      <div className="grid gap-0.5 text-sm text-muted-foreground">
        <TestedAt at={connection.tested_at} />
        {connection.test_message && <p data-testid="test-message">{connection.test_message}</p>}
      </div>
      {actions && (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button variant="outline" size="sm" onClick={actions.onTest} disabled={actions.isTesting}>
            <RefreshCw aria-hidden className={actions.isTesting ? "animate-spin" : undefined} />
            {actions.isTesting ? t("card.testing") : t("card.retest")}
            <span className="sr-only">{` ${provider}`}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={actions.onEdit}>
            <Pencil aria-hidden />
            {t("card.edit")}
            <span className="sr-only">{` ${provider}`}</span>
          </Button>
          <Button variant="outline" size="sm" className="text-destructive" onClick={actions.onRemove}>
            <Trash2 aria-hidden />
            {t("card.remove")}
            <span className="sr-only">{` ${provider}`}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
