import { useTranslation } from "react-i18next";
import type statusText from "@/web/i18n/en/status.json";
import { formatDateTime } from "@/web/lib/format";
import { useRecentActivity } from "../api/get-recent-activity";
import { QueryBody, StatusCard } from "./status-card";

type KnownAction = keyof typeof statusText.activity.actions;
/** "agent.enable" is "Agent enabled"; an action added later shows as written until it has its words. */
const actionKey = (action: string) => action.replace(/\./g, "_") as KnownAction;

/** The last entries of the organisation's audit log, newest first (owners only). */
export function RecentActivityCard({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation("status");
  const activity = useRecentActivity(orgId);
  return (
    <StatusCard id="activity" title={t("activity.title")}>
      <QueryBody query={activity} failed={t("activity.loadFailed")}>
        {(data) =>
          data.length === 0 ? (
            <p className="text-muted-foreground">{t("activity.empty")}</p>
          ) : (
            <ol className="grid gap-2">
              {data.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span>
                    {i18n.exists(`activity.actions.${actionKey(entry.action)}`, { ns: "status" }) ? (
                      <span className="font-medium">{t(`activity.actions.${actionKey(entry.action)}`)}</span>
                    ) : (
                      <code className="font-medium">{entry.action}</code>
                    )} <span className="text-muted-foreground">{entry.actor_name ?? t("activity.system")}</span>
                  </span>
                  <time dateTime={entry.created_at} className="text-xs text-muted-foreground">
                    {formatDateTime(entry.created_at)}
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
