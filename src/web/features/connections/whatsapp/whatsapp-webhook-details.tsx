import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { WhatsappStatus } from "@/shared/messaging";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/lib/toast";

/** What the owner pastes into Meta's app dashboard (WhatsApp › Configuration): where to post and the token to prove it. */
export function WhatsappWebhookDetails({ status }: { status: WhatsappStatus }) {
  const { t } = useTranslation("integrationCards");
  const copy = async (text: string, label: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("whatsapp.copied", { label }));
    } catch {
      toast.error(t("whatsapp.copyFailed", { label }));
    }
  };
  const row = (label: string, value: string | null, testId: string) => (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        {value && (
          <Button type="button" variant="ghost" size="sm" aria-label={t("whatsapp.copyLabel", { label })} onClick={() => void copy(value, label)}>
            <Copy aria-hidden />
            {t("whatsapp.copy")}
          </Button>
        )}
      </div>
      {value ? (
        <code data-testid={testId} className="break-all rounded bg-muted px-2 py-1 font-mono text-xs">
          {value}
        </code>
      ) : (
        <p className="text-xs text-muted-foreground">{t("whatsapp.verifyTokenLater")}</p>
      )}
    </div>
  );
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-labelledby="whatsapp-webhook-title">
      <h3 id="whatsapp-webhook-title" className="text-sm font-semibold">
        {t("whatsapp.webhookTitle")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("whatsapp.webhookSteps")}</p>
      {row(t("whatsapp.webhookUrl"), status.webhook_url, "whatsapp-webhook-url")}
      {row(t("whatsapp.verifyToken"), status.verify_token, "whatsapp-verify-token")}
    </section>
  );
}
