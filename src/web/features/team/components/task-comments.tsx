import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Member } from "@/shared/organisations";
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

const NO_MEMBERS: Member[] = [];

/**
 * A task's comments: the newest page (read newest first, shown oldest at the top, next to the box
 * to write one with @mentions) and older pages on request, above them. The hooks every comment
 * needs (members, session, writes) live here once, not in each of hundreds of comments.
 */
export function TaskComments({ taskId, refs }: { taskId: string; refs: PropertyRefs }) {
  const { t } = useTranslation("team");
  const { t: tc } = useTranslation();
  const comments = useComments(taskId);
  const members = useMembers().data ?? NO_MEMBERS;
  const nameOf = useNameOf();
  const me = useMyId();
  const { isOwner } = useOrg();
  const writes = useCommentWrites(taskId);
  const [draft, setDraft] = useState("");
  const submit = () => {
    if (!draft.trim() || writes.create.isPending) return;
    writes.create.mutate(
      { body: draft, mentions: mentionedIds(draft, members) },
      { onSuccess: () => setDraft(""), onError: (e) => toast.error(t("comments.failed"), { description: errorMessage(e, tc, { isWrite: true }) }) },
    );
  };
  // Pages come newest first; the list reads in time order.
  const all = useMemo(() => (comments.data?.pages.flatMap((p) => p.comments) ?? []).reverse(), [comments.data]);
  const remove = writes.remove.mutate;
  return (
    <section aria-labelledby="comments-heading" className="grid gap-3">
      <h2 id="comments-heading" className="text-base font-semibold">
        {comments.hasNextPage ? t("comments.heading") : t("comments.title", { count: all.length })}
      </h2>
      {comments.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          {t("comments.more")}
        </Button>
      )}
      <ol className="grid gap-3">
        {all.map((c) => (
          <CommentItem key={c.id} comment={c} taskId={taskId} author={nameOf(c.author_id)} mentionNames={c.mentions.map(nameOf).join("\n")} mine={c.author_id === me} canDelete={c.author_id === me || isOwner} members={members} onRemove={remove} />
        ))}
      </ol>
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

type ItemProps = { comment: Comment; taskId: string; author: string; mentionNames: string; mine: boolean; canDelete: boolean; members: Member[]; onRemove: (id: string) => void };

/** One comment. Memoised, its Markdown rendered once per text: a new page or a live update leaves the others alone. */
const CommentItem = memo(function CommentItem({ comment, taskId, author, mentionNames, mine, canDelete, members, onRemove }: ItemProps) {
  const { t } = useTranslation("team");
  const [editing, setEditing] = useState<string | null>(null);
  const html = useMemo(() => renderMarkdown(comment.body, mentionNames ? mentionNames.split("\n") : []), [comment.body, mentionNames]);
  return (
    <li className="rounded-lg border p-3" data-comment-id={comment.id}>
      <div className="mb-1 flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{author || t("activity.someone")}</span>
        <time dateTime={comment.created_at}>{ago(comment.created_at)}</time>
        {comment.edited_at && <span>{t("comments.edited")}</span>}
        <span className="ml-auto flex gap-1">
          {mine && editing === null && <Button variant="ghost" size="sm" onClick={() => setEditing(comment.body)}>{t("comments.edit")}</Button>}
          {canDelete && <Button variant="ghost" size="sm" onClick={() => onRemove(comment.id)}>{t("comments.delete")}</Button>}
        </span>
      </div>
      {editing === null ? (
        // Safe: raw HTML is escaped and links are checked (lib/markdown.ts).
        <div className="markdown text-sm" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <CommentEditor comment={comment} taskId={taskId} members={members} value={editing} onChange={setEditing} onDone={() => setEditing(null)} />
      )}
    </li>
  );
});

/** The edit form, mounted only while one comment is edited (its writes with it). */
function CommentEditor({ comment, taskId, members, value, onChange, onDone }: { comment: Comment; taskId: string; members: Member[]; value: string; onChange: (v: string) => void; onDone: () => void }) {
  const { t } = useTranslation("team");
  const writes = useCommentWrites(taskId);
  return (
    <form className="grid gap-2" onSubmit={(e) => (e.preventDefault(), writes.edit.mutate({ id: comment.id, body: value, mentions: mentionedIds(value, members) }, { onSuccess: onDone }))}>
      <MentionTextarea value={value} onChange={onChange} members={members} label={t("comments.edit")} onSubmit={() => undefined} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>{t("comments.cancel")}</Button>
        <Button type="submit" size="sm">{t("comments.save")}</Button>
      </div>
    </form>
  );
}
