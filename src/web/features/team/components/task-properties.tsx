import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { reminderLeads, taskPriorities, taskStatuses } from "@/shared/work-values";
import type { Task } from "@/shared/work";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Input } from "@/web/components/ui/input";
import { formatDateTime } from "@/web/lib/format";
import { fromLocalInput, toLocalInput } from "@/web/features/tasks/lib/due-date";
import { useLabels, useMembers, useNameOf } from "../api/team-queries";
import { useUpdateTask } from "../api/task-detail";
import { repeatPresets, presetOf } from "../lib/repeat-presets";
import type { PropertyRefs } from "./use-task-keys";

/** Status, priority, assignee, labels, reminder and repeat of a task; each saves on change. */
export function TaskProperties({ task, refs }: { task: Task; refs: PropertyRefs }) {
  const { t } = useTranslation("team");
  const members = useMembers().data ?? [];
  const labels = useLabels().data ?? [];
  const nameOf = useNameOf();
  const update = useUpdateTask(task.id);
  const save = (input: Parameters<typeof update.mutate>[0]) => update.mutate(input);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const row = "grid grid-cols-[8rem_1fr] items-center gap-2 text-sm";
  return (
    <dl className="grid gap-2">
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.status")}</dt>
        <dd>
          <NativeSelect ref={refs.status} aria-label={t("fields.status")} value={task.status} onChange={(e) => save({ status: e.target.value as Task["status"] })}>
            {taskStatuses.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
          </NativeSelect>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.priority")}</dt>
        <dd>
          <NativeSelect ref={refs.priority} aria-label={t("fields.priority")} value={task.priority} onChange={(e) => save({ priority: e.target.value as Task["priority"] })}>
            {taskPriorities.map((p) => <option key={p} value={p}>{t(`priority.${p}`)}</option>)}
          </NativeSelect>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.assignee")}</dt>
        <dd>
          <NativeSelect ref={refs.assignee} aria-label={t("fields.assignee")} value={task.assignee_id ?? ""} onChange={(e) => save({ assignee_id: e.target.value || null })}>
            <option value="">{t("unassigned")}</option>
            {members.map((m) => <option key={m.user_id} value={m.user_id}>{m.name}</option>)}
          </NativeSelect>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.labels")}</dt>
        <dd>
          <fieldset ref={refs.labels} tabIndex={-1} className="flex flex-wrap gap-1.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={t("fields.labels")}>
            {labels.length === 0 && <span className="text-muted-foreground">{t("labels.none")}</span>}
            {labels.map((l) => {
              const on = task.label_ids.includes(l.id);
              return (
                <label key={l.id} className="inline-flex cursor-pointer items-center gap-1 rounded-full border px-2 py-0.5 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring" style={on ? { borderColor: l.color, backgroundColor: `${l.color}22` } : undefined}>
                  <input type="checkbox" className="sr-only" checked={on} onChange={() => save({ label_ids: on ? task.label_ids.filter((x) => x !== l.id) : [...task.label_ids, l.id] })} />
                  <span className="size-2 rounded-full" style={{ backgroundColor: l.color }} aria-hidden />
                  {l.name}
                </label>
              );
            })}
          </fieldset>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.due")}</dt>
        <dd>
          <DueInput label={t("fields.due")} dueAt={task.due_at} onSave={(due_at) => save({ due_at })} />
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.reminder")}</dt>
        <dd>
          <NativeSelect aria-label={t("fields.reminder")} value={task.reminder_minutes ?? ""} disabled={!task.due_at} onChange={(e) => save({ reminder_minutes: e.target.value === "" ? null : Number(e.target.value) })}>
            <option value="">{t("reminder.none")}</option>
            {reminderLeads.map((m) => <option key={m} value={m}>{t(`reminder.m${m}` as "reminder.m0")}</option>)}
          </NativeSelect>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.repeat")}</dt>
        <dd>
          <NativeSelect aria-label={t("fields.repeat")} value={presetOf(task.repeat)} disabled={!task.due_at} onChange={(e) => save({ repeat: repeatPresets(task.due_at, tz)[e.target.value as keyof ReturnType<typeof repeatPresets>] ?? null })}>
            {Object.keys(repeatPresets(task.due_at, tz)).map((k) => <option key={k} value={k}>{t(`repeat.${k}` as "repeat.none")}</option>)}
            {presetOf(task.repeat) === "custom" && <option value="custom">{task.repeat?.rule}</option>}
          </NativeSelect>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.author")}</dt>
        <dd>{nameOf(task.author_id) || t("activity.someone")}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.created")}</dt>
        <dd><time dateTime={task.created_at}>{formatDateTime(task.created_at)}</time></dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t("fields.updated")}</dt>
        <dd><time dateTime={task.updated_at}>{formatDateTime(task.updated_at)}</time></dd>
      </div>
    </dl>
  );
}

/**
 * The due time, saved when the field is left or Enter is pressed. Not on every change: while a year
 * is typed digit by digit, each partial year (0002, 0020, …) is a complete value to the input.
 */
function DueInput({ label, dueAt, onSave }: { label: string; dueAt: string | null; onSave: (dueAt: string | null) => void }) {
  const [draft, setDraft] = useState(() => toLocalInput(dueAt));
  // Another tab or person changed it: show theirs.
  useEffect(() => setDraft(toLocalInput(dueAt)), [dueAt]);
  const commit = () => {
    const next = fromLocalInput(draft);
    if (next === null && draft !== "") return setDraft(toLocalInput(dueAt));
    if (draft !== toLocalInput(dueAt)) onSave(next);
  };
  return (
    <Input
      type="datetime-local"
      aria-label={label}
      className="h-9"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}
