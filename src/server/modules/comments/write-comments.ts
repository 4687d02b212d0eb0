import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Comment, createCommentInput } from "@/shared/task-team";
import { comments } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import { queueOf, type Ctx } from "../organisations/org-scope";
import { readyTaskEvents, sendTaskEvent } from "../inbox/task-events";
import { recordTaskChange } from "../tasks/task-audit";
import { membersAmong } from "../tasks/task-members";
import { toComment } from "./comment-row";

type Input = z.infer<typeof createCommentInput>;
const taskGone = () => new AppError("not_found", "Task not found");
const commentGone = () => new AppError("not_found", "Comment not found");

/**
 * Locks the task FOR SHARE: a delete of the task waits for the comment to commit (and then takes it
 * with it), or the comment finds the task gone and answers 404, never a foreign-key 500.
 */
async function lockTask(tx: Pick<Ctx["db"], "execute">, orgId: string, taskId: string): Promise<void> {
  const found = (await tx.execute(sql`select id from tasks where id = ${taskId} and org_id = ${orgId} for share`)) as unknown as { rows: unknown[] };
  if (found.rows.length === 0) throw taskGone();
}

/** A comment; mentions keep only people who are members at that moment (locked, like an assignee). */
export async function createComment(ctx: Ctx, taskId: string, input: Input): Promise<Comment> {
  const { db, scope } = ctx;
  const queue = queueOf(ctx);
  await readyTaskEvents(queue);
  return db.transaction(async (tx) => {
    await lockTask(tx, scope.orgId, taskId);
    const mentions = await membersAmong(tx, scope.orgId, [...new Set(input.mentions)]);
    const [row] = await tx.insert(comments).values({ orgId: scope.orgId, taskId, authorId: scope.userId, body: input.body, mentions }).returning();
    await recordTaskChange(tx, scope, "comment.create", taskId, { comment_id: row!.id });
    // One job whatever the number of people to tell: the fan-out runs in the queue (inbox-worker.ts).
    await sendTaskEvent(queue, tx, { kind: "commented", org_id: scope.orgId, task_id: taskId, actor_id: scope.userId, comment_id: row!.id });
    await publishChange(tx, scope.orgId, { entity: "comment", id: taskId, action: "created" });
    return toComment(row!);
  });
}

/** Only its author edits a comment (an owner may delete it, not put words in it). */
export async function updateComment({ db, scope }: Ctx, taskId: string, commentId: string, input: Input): Promise<Comment> {
  return db.transaction(async (tx) => {
    await lockTask(tx, scope.orgId, taskId);
    const [before] = await tx.select().from(comments).where(and(eq(comments.id, commentId), eq(comments.taskId, taskId), eq(comments.orgId, scope.orgId))).for("update");
    if (!before) throw commentGone();
    if (before.authorId !== scope.userId) throw new AppError("forbidden", "Only its author can edit a comment");
    const mentions = await membersAmong(tx, scope.orgId, [...new Set(input.mentions)]);
    const [row] = await tx.update(comments).set({ body: input.body, mentions, editedAt: new Date() }).where(eq(comments.id, commentId)).returning();
    await recordTaskChange(tx, scope, "comment.update", taskId, { comment_id: commentId });
    await publishChange(tx, scope.orgId, { entity: "comment", id: taskId, action: "updated" });
    return toComment(row!);
  });
}

/** Its author or an owner deletes a comment. */
export async function deleteComment({ db, scope }: Pick<Ctx, "db" | "scope">, taskId: string, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ authorId: comments.authorId }).from(comments).where(and(eq(comments.id, commentId), eq(comments.taskId, taskId), eq(comments.orgId, scope.orgId))).for("update");
    if (!before) throw commentGone();
    if (before.authorId !== scope.userId && !scope.isOwner) throw new AppError("forbidden", "Only its author or an owner can delete a comment");
    await tx.delete(comments).where(eq(comments.id, commentId));
    await recordTaskChange(tx, scope, "comment.delete", taskId, { comment_id: commentId });
    await publishChange(tx, scope.orgId, { entity: "comment", id: taskId, action: "deleted" });
  });
}
