import { useTranslation } from "react-i18next";
import { useAuditLabels } from "@/web/features/audit/audit-labels";
import { formatDateTime } from "@/web/lib/format";
import { useRecentActivity } from "../api/get-recent-activity";
import { QueryBody, StatusCard } from "./status-card";

/** The last entries of the organisation's audit log, newest first (owners only). */
export function RecentActivityCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation("status");
  // Every action in the audit page's words, so the list never mixes labels with raw codes.
  const label = useAuditLabels();
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
                    <span className="font-medium" data-action={entry.action}>
                      {label.action(entry.action)}
                    </span>{" "}
                    <span className="text-muted-foreground">{entry.actor_name ?? t("activity.system")}</span>
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
