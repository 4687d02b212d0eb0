import { useTranslation } from "react-i18next";
import { useActivity } from "../api/task-detail";
import { useNameOf } from "../api/team-queries";
import { activityLines, ago } from "../lib/activity-text";

/** The task's history in plain words, newest first: "Ada moved this to Done · 2 min ago". */
export function TaskActivity({ taskId }: { taskId: string }) {
  const { t } = useTranslation("team");
  const activity = useActivity(taskId);
  const nameOf = useNameOf();
  return (
    <section aria-labelledby="activity-heading" className="grid gap-2">
      <h2 id="activity-heading" className="text-base font-semibold">{t("activity.title")}</h2>
      <ol className="grid gap-1 text-sm text-muted-foreground">
        {(activity.data ?? []).flatMap((entry) =>
          activityLines(entry, t, nameOf).map((line, i) => (
            <li key={`${entry.id}-${i}`}>
              {line} · <time dateTime={entry.created_at}>{ago(entry.created_at)}</time>
            </li>
          )),
        )}
      </ol>
    </section>
  );
}
