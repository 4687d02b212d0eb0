import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../integration-cards-i18n";
import { LoadFailed } from "@/web/components/load-failed";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { ConfirmDialog } from "@/web/components/ui/confirm-dialog";
import { errorMessage } from "@/web/lib/error-message";
import { useProviderName } from "../lib/provider-name";
import { useWhatsapp } from "./use-whatsapp";
import { WhatsappConnectForm } from "./whatsapp-connect-form";
import { WhatsappLink } from "./whatsapp-link";
import { WhatsappStateList } from "./whatsapp-state-list";
import { WhatsappWebhookDetails } from "./whatsapp-webhook-details";

type Outcome = { ok: boolean; message: string };

/**
 * WhatsApp Cloud API, for real: the owner enters Meta's phone number id, access token, app secret
 * and template, the server reads the number through the Graph API, and only then is it connected.
 * Every member links their own number with a one-time code. Members see the state, read-only.
 */
export function WhatsappCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("integrationCards");
  const { t: tConn } = useTranslation("connections");
  const { t: tc } = useTranslation();
  const name = useProviderName()("whatsapp");
  const wa = useWhatsapp();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const s = wa.status.data;
  const failed = (e: unknown) => setOutcome({ ok: false, message: errorMessage(e, tc, { fallback: tConn("toasts.unknownError"), isWrite: true }) });
  const judged = (r: { ok: boolean; message: string; status: { phone_number: string | null } }, passed: "whatsapp.connectedAs" | "whatsapp.testPassed") => setOutcome({ ok: r.ok, message: r.ok ? t(passed, { number: r.status.phone_number ?? "" }) : t("whatsapp.connectFailed", { message: r.message }) });

  return (
    <Card id="whatsapp" data-provider="whatsapp" className="flex h-full scroll-mt-20 flex-col gap-3 p-5" role="group" aria-labelledby="whatsapp-title" aria-busy={wa.status.isPending}>
      <div className="grid gap-1">
        <h2 id="whatsapp-title" className="text-lg font-semibold">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground">{t("whatsapp.description")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">{tConn("integrations.categories.Communication")}</Badge>
        {s ? (
          <Badge variant={s.connected ? "default" : "outline"} data-testid="whatsapp-state">
            {s.connected ? t("whatsapp.connectedAs", { number: s.phone_number ?? "" }) : s.masked_token ? t("whatsapp.notVerified") : t("whatsapp.notConnected")}
          </Badge>
        ) : (
          wa.status.isPending && <span className="h-5 w-20 animate-pulse rounded-full bg-muted" aria-hidden />
        )}
      </div>
      {wa.status.isPending && (
        <p role="status" className="sr-only">
          {t("whatsapp.loading")}
        </p>
      )}
      {wa.status.isError && !s && <LoadFailed message={t("whatsapp.loadFailed")} onRetry={() => void wa.status.refetch()} />}
      {s && <WhatsappStateList status={s} />}
      {s && (s.connected || canManage) && <p className="text-sm text-muted-foreground">{s.template_name ? t("whatsapp.windowWithTemplate", { template: s.template_name }) : t("whatsapp.windowWithoutTemplate")}</p>}
      {outcome && (
        <p role="status" className={outcome.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-destructive"} data-testid="whatsapp-outcome">
          {outcome.message}
        </p>
      )}
      {s && !canManage && !s.connected && <p className="text-sm text-muted-foreground">{t("whatsapp.ownerCanConnect")}</p>}
      {canManage && s && (!s.connected || editing) && (
        <WhatsappConnectForm
          status={s}
          isPending={wa.connect.isPending}
          onCancel={s.connected ? () => setEditing(false) : undefined}
          onSubmit={async (input) => {
            setOutcome(null);
            const r = await wa.connect.mutateAsync(input);
            judged(r, "whatsapp.connectedAs");
            if (r.ok) setEditing(false);
            return r.ok;
          }}
        />
      )}
      {canManage && s && (s.connected || s.masked_token) && !editing && (
        <div className="flex flex-wrap gap-2">
          {s.connected && (
            <>
              <Button variant="outline" size="sm" disabled={wa.test.isPending} onClick={() => wa.test.mutate(undefined, { onSuccess: (r) => judged(r, "whatsapp.testPassed"), onError: failed })}>
                {wa.test.isPending ? tConn("integrations.testing") : tConn("integrations.test")}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                {t("whatsapp.change")}
              </Button>
            </>
          )}
          <Button variant="outline" size="sm" disabled={wa.disconnect.isPending} onClick={() => setConfirming(true)}>
            {t("whatsapp.disconnect")}
          </Button>
        </div>
      )}
      {canManage && s && <WhatsappWebhookDetails status={s} />}
      {s?.connected && (
        <div className="mt-auto grid gap-2 border-t pt-3">
          <WhatsappLink status={s} code={wa.linkCode.data} isAsking={wa.linkCode.isPending} onAskCode={() => wa.linkCode.mutate(undefined, { onError: failed })} onUnlink={() => wa.unlink.mutate(undefined, { onError: failed })} onCheck={wa.refresh} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("whatsapp.disconnectTitle")}
        description={t("whatsapp.disconnectDescription", { masked: s?.masked_token ?? "" })}
        confirmLabel={t("whatsapp.disconnect")}
        cancelLabel={tc("cancel")}
        busy={wa.disconnect.isPending}
        onConfirm={() =>
          wa.disconnect.mutate(undefined, {
            onSuccess: () => {
              setOutcome(null);
              wa.linkCode.reset();
            },
            onError: failed,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}
