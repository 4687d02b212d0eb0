import { useTranslation } from "react-i18next";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { useRecentEvents } from "../api/get-recent-events";
import { StatusCard } from "./status-card";

/** The organisation's latest product events from the telemetry function, newest first (owners only). */
export function RecentEventsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("status");
  const events = useRecentEvents(orgId);
  return (
    <StatusCard id="events" title={t("events.title")}>
      {events.isPending ? (
        <Spinner label={t("state.checking")} className="size-4" />
      ) : !events.data ? (
        <p>{t("events.loadFailed")}</p>
      ) : events.data.length === 0 ? (
        <p className="text-muted-foreground">{t("events.empty")}</p>
      ) : (
        <ol className="grid gap-2">
          {events.data.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <code className="font-medium">{event.name}</code>
              <time dateTime={event.created_at} className="text-xs text-muted-foreground">
                {formatDateTime(event.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </StatusCard>
  );
}
