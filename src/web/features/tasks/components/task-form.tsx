import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/web/lib/toast";
import { taskPriorities, type Project, type Task } from "@/shared/work";
import { DraftRestoredNote } from "@/web/components/draft-restored-note";
import { Alert } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { DialogFooter } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { FormField } from "@/web/features/auth/form-field";
import { useDraft, useRestoredDraft } from "@/web/lib/drafts";
import { toastWriteFailed } from "@/web/lib/write-failed-toast";
import { useCreateTask, useUpdateTask } from "../api/mutate-tasks";
import { fromLocalInput, toLocalInput } from "../lib/due-date";
import { TaskDeleteButton } from "./task-delete-button";
import { taskDraftKey } from "./task-draft-key";
import { focusOnMount } from "@/web/lib/focus-on-mount";

const isPriority = (value: string): value is Task["priority"] => (taskPriorities as readonly string[]).includes(value);

const initialProject = (projects: Project[], wanted?: string) =>
  projects.find((p) => p.id === wanted)?.id ?? (projects.length === 1 ? projects[0]!.id : "");

/** Drafts are kept per task, or one for a new task (task-dialog-provider.tsx reopens that one). */

type TaskFormProps = { task: Task | null; projects: Project[]; defaultProjectId?: string; onDone: () => void };

export function TaskForm({ task, projects, defaultProjectId, onDone }: TaskFormProps) {
  const { t } = useTranslation("tasks");
  const create = useCreateTask();
  const update = useUpdateTask();
  const draft = useRestoredDraft(taskDraftKey(task), () => ({
    title: task?.title ?? "",
    projectId: task?.project_id ?? initialProject(projects, defaultProjectId),
    priority: task?.priority ?? "medium",
    due: toLocalInput(task?.due_at ?? null),
    description: task?.description ?? "",
  }));
  const [title, setTitle] = useState(draft.fields.title);
  const [projectId, setProjectId] = useState(projects.some((p) => p.id === draft.fields.projectId) ? draft.fields.projectId : "");
  const [priority, setPriority] = useState<Task["priority"]>(isPriority(draft.fields.priority) ? draft.fields.priority : "medium");
  const [due, setDue] = useState(draft.fields.due);
  const [description, setDescription] = useState(draft.fields.description);
  useDraft(taskDraftKey(task), { title, projectId, priority, due, description });
  const [invalid, setInvalid] = useState(false);
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !projectId) return setInvalid(true);
    const input = { title: title.trim(), project_id: projectId, priority, due_at: fromLocalInput(due), description: description.trim() || null };
    try {
      if (task) await update.mutateAsync({ taskId: task.id, ...input });
      else await create.mutateAsync(input);
      toast.success(task ? t("toasts.updated") : t("toasts.created"));
      onDone();
    } catch (e) {
      toastWriteFailed(e, task ? t("toasts.updateFailed") : t("toasts.createFailed"));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {draft.isRestored && <DraftRestoredNote />}
      {invalid && (!title.trim() || !projectId) && <Alert variant="destructive">{t("validation.required")}</Alert>}
      <FormField id="task-title" label={t("fields.title")}>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} placeholder={t("fields.titlePlaceholder")} maxLength={500} ref={focusOnMount} />
      </FormField>
      <FormField id="task-project" label={t("fields.project")}>
        <NativeSelect value={projectId} onChange={(e) => setProjectId(e.target.value)}>
          <option value="" disabled>
            {t("fields.projectPlaceholder")}
          </option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <FormField id="task-priority" label={t("fields.priority")}>
          <NativeSelect value={priority} onChange={(e) => setPriority(e.target.value as Task["priority"])}>
            {taskPriorities.map((p) => (
              <option key={p} value={p}>
                {t(`priority.${p}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="task-due" label={t("fields.dueAt")}>
          <Input type="datetime-local" className="min-w-0" value={due} onChange={(e) => setDue(e.target.value)} />
        </FormField>
      </div>
      <FormField id="task-description" label={t("fields.description")}>
        <Textarea value={description} onChange={(e) => setDescription(e.target.value)} placeholder={t("fields.descriptionPlaceholder")} maxLength={5000} />
      </FormField>
      <DialogFooter className="sm:justify-between">
        {task ? <TaskDeleteButton task={task} onDeleted={onDone} /> : <span />}
        <Button type="submit" disabled={busy}>
          {task ? (busy ? t("actions.saving") : t("actions.save")) : busy ? t("actions.creating") : t("actions.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
