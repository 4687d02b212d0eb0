import type { TFunction } from "i18next";
import type { ActivityEntry } from "@/shared/task-team";
import { formatRelative } from "@/web/lib/format";

type Change = { from: unknown; to: unknown };

/** "2 min ago", "3 hours ago", "yesterday": how long ago, in the reader's language. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return formatRelative(seconds, "second");
  if (abs < 3600) return formatRelative(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return formatRelative(Math.round(seconds / 3600), "hour");
  return formatRelative(Math.round(seconds / 86_400), "day");
}

/**
 * One line of a task's history in plain words ("Ada moved this to Done"), from the audit row the
 * server kept; a row with several changes says each, joined.
 */
export function activityLines(entry: ActivityEntry, t: TFunction<"team">, nameOf: (id: string | null) => string): string[] {
  const actor = entry.actor_name ?? t("activity.someone");
  const d = entry.details as { changes?: Record<string, Change>; labels?: { added: string[]; removed: string[] } };
  switch (entry.action) {
    case "task.create":
      return [t("activity.created", { actor })];
    case "task.repeat":
      return [t("activity.repeated", { actor: entry.actor_name ?? t("activity.repeatRule") })];
    case "comment.create":
      return [t("activity.commented", { actor })];
    case "comment.update":
      return [t("activity.commentEdited", { actor })];
    case "comment.delete":
      return [t("activity.commentDeleted", { actor })];
    case "task.update": {
      const lines: string[] = [];
      for (const [field, change] of Object.entries(d.changes ?? {})) {
        if (field === "status") lines.push(t("activity.status", { actor, status: t(`status.${String(change.to)}` as "status.todo") }));
        else if (field === "assignee") lines.push(change.to ? t("activity.assigned", { actor, name: nameOf(String(change.to)) || t("activity.someone") }) : t("activity.unassigned", { actor }));
        else if (field === "priority") lines.push(t("activity.priority", { actor, priority: t(`priority.${String(change.to)}` as "priority.low") }));
        else if (field === "due_at") lines.push(t("activity.due", { actor }));
        else if (field === "title") lines.push(t("activity.renamed", { actor, title: String(change.to) }));
        else if (field === "project") lines.push(t("activity.project", { actor }));
        else if (field === "description") lines.push(t("activity.description", { actor }));
      }
      if (d.labels?.added.length) lines.push(t("activity.labelsAdded", { actor, labels: d.labels.added.join(", ") }));
      if (d.labels?.removed.length) lines.push(t("activity.labelsRemoved", { actor, labels: d.labels.removed.join(", ") }));
      return lines.length ? lines : [t("activity.edited", { actor })];
    }
    default:
      return [t("activity.edited", { actor })];
  }
}
