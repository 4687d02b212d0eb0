import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { LoadFailed } from "@/web/components/load-failed";
import { useActivity, useComments, useTask, useUpdateTask } from "../api/task-detail";
import { useMembers } from "../api/team-queries";
import { renderMarkdown } from "../lib/markdown";
import { TaskActivity } from "./task-activity";
import { TaskComments } from "./task-comments";
import { TaskProperties } from "./task-properties";
import { usePropertyRefs, useTaskKeys } from "./use-task-keys";
import { focusOnMount } from "@/web/lib/focus-on-mount";

/** A task whole: title, description in Markdown, its properties, comments and activity. The page and the side panel both show this. */
export function TaskView({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const { t } = useTranslation("team");
  const task = useTask(taskId);
  // Asked beside the task, not once it has rendered (a waterfall), and the page shows when they are
  // all here: the comments, activity and names arriving one by one pushed the page about (layout shift).
  const comments = useComments(taskId);
  const activity = useActivity(taskId);
  const members = useMembers();
  const refs = usePropertyRefs();
  useTaskKeys(refs, onClose);
  if (task.isPending || comments.isPending || activity.isPending || members.isPending) return <Spinner label={t("task.loading")} />;
  if (task.isError || !task.data) return <LoadFailed message={t("task.loadFailed")} onRetry={() => void task.refetch()} />;
  const data = task.data;
  return (
    <article className="grid gap-6" aria-labelledby="task-title" data-task-view={data.id}>
      <header className="grid gap-1">
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="size-2 rounded-full" style={{ backgroundColor: data.projects.color }} aria-hidden />
          {data.projects.name}
        </p>
        <h1 id="task-title" className="text-xl font-semibold break-words">{data.title}</h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          <Description taskId={data.id} text={data.description} />
          <TaskComments taskId={data.id} refs={refs} />
          <TaskActivity taskId={data.id} />
        </div>
        <aside aria-label={t("task.properties")}>
          <TaskProperties task={data} refs={refs} />
          <p className="mt-4 text-xs text-muted-foreground">{t("task.keys")}</p>
        </aside>
      </div>
    </article>
  );
}

function Description({ taskId, text }: { taskId: string; text: string | null }) {
  const { t } = useTranslation("team");
  const update = useUpdateTask(taskId);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <form className="grid gap-2" onSubmit={(e) => (e.preventDefault(), update.mutate({ description: draft }, { onSuccess: () => setDraft(null) }))}>
        <Textarea aria-label={t("fields.description")} value={draft} rows={6} onChange={(e) => setDraft(e.target.value)} ref={focusOnMount} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>{t("comments.cancel")}</Button>
          <Button type="submit" size="sm">{t("comments.save")}</Button>
        </div>
      </form>
    );
  }
  return (
    <section className="grid gap-2">
      {text ? (
        // Safe: raw HTML is escaped and links are checked (lib/markdown.ts).
        <MarkdownText text={text} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("task.noDescription")}</p>
      )}
      <div>
        <Button variant="outline" size="sm" onClick={() => setDraft(text ?? "")}>{t("task.editDescription")}</Button>
      </div>
    </section>
  );
}

/** The description's HTML, rendered again only when its text changes (not on every edit keystroke elsewhere). */
function MarkdownText({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="markdown text-sm" dangerouslySetInnerHTML={{ __html: html }} />;
}
