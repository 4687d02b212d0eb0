import { useTranslation } from "react-i18next";
import type { WhatsappStatus } from "@/shared/messaging";
import { formatDateTime } from "@/web/lib/format";

/** The server's view of the channel: the number, the template, the last event and the last error. */
export function WhatsappStateList({ status }: { status: WhatsappStatus }) {
  const { t } = useTranslation("integrationCards");
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t("whatsapp.never"));
  const number = status.phone_number ?? status.phone_number_id;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{t("whatsapp.number")}</dt>
      <dd data-testid="whatsapp-number">{number ?? t("whatsapp.noNumber")}</dd>
      <dt className="text-muted-foreground">{t("whatsapp.template")}</dt>
      <dd className="break-all">{status.template_name ?? t("whatsapp.noTemplate")}</dd>
      <dt className="text-muted-foreground">{t("whatsapp.lastEvent")}</dt>
      <dd data-testid="whatsapp-last-event">{when(status.last_event_at)}</dd>
      <dt className="text-muted-foreground">{t("whatsapp.lastError")}</dt>
      <dd data-testid="whatsapp-last-error" className="break-words">
        {status.last_error ? `${status.last_error} (${when(status.last_error_at)})` : t("whatsapp.none")}
      </dd>
      <dt className="text-muted-foreground">{t("whatsapp.linkedMembers")}</dt>
      <dd>{status.linked_members}</dd>
    </dl>
  );
}
