import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Comment } from "@/shared/task-team";
import { Button } from "@/web/components/ui/button";
import { useOrg } from "@/web/features/organisations/org-context";
import { errorMessage } from "@/web/lib/error-message";
import { toast } from "@/web/lib/toast";
import { useCommentWrites, useComments } from "../api/task-detail";
import { useMembers, useMyId, useNameOf } from "../api/team-queries";
import { ago } from "../lib/activity-text";
import { renderMarkdown } from "../lib/markdown";
import { mentionedIds, MentionTextarea } from "./mention-textarea";
import type { PropertyRefs } from "./use-task-keys";

/** A task's comments, oldest first (more on request), and the box to write one with @mentions. */
export function TaskComments({ taskId, refs }: { taskId: string; refs: PropertyRefs }) {
  const { t } = useTranslation("team");
  const { t: tc } = useTranslation();
  const comments = useComments(taskId);
  const members = useMembers().data ?? [];
  const writes = useCommentWrites(taskId);
  const [draft, setDraft] = useState("");
  const submit = () => {
    if (!draft.trim() || writes.create.isPending) return;
    writes.create.mutate(
      { body: draft, mentions: mentionedIds(draft, members) },
      { onSuccess: () => setDraft(""), onError: (e) => toast.error(t("comments.failed"), { description: errorMessage(e, tc, { isWrite: true }) }) },
    );
  };
  const all = comments.data?.pages.flatMap((p) => p.comments) ?? [];
  return (
    <section aria-labelledby="comments-heading" className="grid gap-3">
      <h2 id="comments-heading" className="text-base font-semibold">{t("comments.title", { count: all.length })}</h2>
      <ol className="grid gap-3">
        {all.map((c) => <CommentItem key={c.id} comment={c} taskId={taskId} />)}
      </ol>
      {comments.hasNextPage && (
        <Button variant="outline" size="sm" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          {t("comments.more")}
        </Button>
      )}
      <form className="grid gap-2" onSubmit={(e) => (e.preventDefault(), submit())}>
        <MentionTextarea value={draft} onChange={setDraft} members={members} label={t("comments.label")} textareaRef={refs.comment} onSubmit={submit} />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground">{t("comments.hint")}</span>
          <Button type="submit" size="sm" disabled={!draft.trim() || writes.create.isPending}>{t("comments.send")}</Button>
        </div>
      </form>
    </section>
  );
}

function CommentItem({ comment, taskId }: { comment: Comment; taskId: string }) {
  const { t } = useTranslation("team");
  const nameOf = useNameOf();
  const me = useMyId();
  const { isOwner } = useOrg();
  const members = useMembers().data ?? [];
  const writes = useCommentWrites(taskId);
  const [editing, setEditing] = useState<string | null>(null);
  const mine = comment.author_id === me;
  const names = comment.mentions.map(nameOf);
  return (
    <li className="rounded-lg border p-3" data-comment-id={comment.id}>
      <div className="mb-1 flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{nameOf(comment.author_id) || t("activity.someone")}</span>
        <time dateTime={comment.created_at}>{ago(comment.created_at)}</time>
        {comment.edited_at && <span>{t("comments.edited")}</span>}
        <span className="ml-auto flex gap-1">
          {mine && editing === null && <Button variant="ghost" size="sm" onClick={() => setEditing(comment.body)}>{t("comments.edit")}</Button>}
          {(mine || isOwner) && <Button variant="ghost" size="sm" onClick={() => writes.remove.mutate(comment.id)}>{t("comments.delete")}</Button>}
        </span>
      </div>
      {editing === null ? (
        // Safe: raw HTML is escaped and links are checked (lib/markdown.ts).
        <div className="markdown text-sm" dangerouslySetInnerHTML={{ __html: renderMarkdown(comment.body, names) }} />
      ) : (
        <form className="grid gap-2" onSubmit={(e) => (e.preventDefault(), writes.edit.mutate({ id: comment.id, body: editing, mentions: mentionedIds(editing, members) }, { onSuccess: () => setEditing(null) }))}>
          <MentionTextarea value={editing} onChange={setEditing} members={members} label={t("comments.edit")} onSubmit={() => undefined} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(null)}>{t("comments.cancel")}</Button>
            <Button type="submit" size="sm">{t("comments.save")}</Button>
          </div>
        </form>
      )}
    </li>
  );
}
