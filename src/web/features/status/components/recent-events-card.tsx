import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/web/lib/format";
import { useRecentEvents } from "../api/get-recent-events";
import { QueryBody, StatusCard } from "./status-card";

/** The organisation's latest product events from the telemetry function, newest first (owners only). */
export function RecentEventsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("status");
  const events = useRecentEvents(orgId);
  return (
    <StatusCard id="events" title={t("events.title")}>
      <QueryBody query={events} failed={t("events.loadFailed")}>
        {(data) =>
          data.length === 0 ? (
            <p className="text-muted-foreground">{t("events.empty")}</p>
          ) : (
            <ol className="grid gap-2">
              {data.map((event) => (
                <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <code className="font-medium">{event.name}</code>
                  <time dateTime={event.created_at} className="text-xs text-muted-foreground">
                    {formatDateTime(event.created_at)}
                  </time>
                </li>
              ))}
            </ol>
          )
        }
      </QueryBody>
    </StatusCard>
  );
}
