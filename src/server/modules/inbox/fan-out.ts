import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationKind } from "@/shared/work-values";
import type { Db } from "../../db/client";
import { comments, memberships, notifications, tasks, user } from "../../db/schema";
import { publishChange } from "../../lib/events";
import type { TaskEvent } from "./task-events";

export type Recipient = { userId: string; kind: NotificationKind };

/** Who hears of a comment: the people mentioned, then the task's author, assignee and earlier commenters. */
async function commentRecipients(db: Db, event: Extract<TaskEvent, { kind: "commented" }>): Promise<{ recipients: Recipient[]; commentId: string | null }> {
  const [comment] = await db.select({ mentions: comments.mentions, taskId: comments.taskId }).from(comments).where(and(eq(comments.id, event.comment_id), eq(comments.orgId, event.org_id)));
  const [task] = await db.select({ authorId: tasks.authorId, assigneeId: tasks.assigneeId }).from(tasks).where(and(eq(tasks.id, event.task_id), eq(tasks.orgId, event.org_id)));
  // Deleted meanwhile (the comment or its task): nobody is told of what is gone.
  if (!comment || !task) return { recipients: [], commentId: null };
  const earlier = await db.selectDistinct({ authorId: comments.authorId }).from(comments).where(eq(comments.taskId, event.task_id));
  const mentioned = new Set(comment.mentions);
  const watchers = new Set([task.authorId, task.assigneeId, ...earlier.map((c) => c.authorId)].filter((id): id is string => !!id && !mentioned.has(id)));
  return { recipients: [...[...mentioned].map((userId) => ({ userId, kind: "mentioned" as const })), ...[...watchers].map((userId) => ({ userId, kind: "commented" as const }))], commentId: event.comment_id };
}

async function recipientsOf(db: Db, event: TaskEvent): Promise<{ recipients: Recipient[]; commentId: string | null }> {
  if (event.kind === "commented") return commentRecipients(db, event);
  const [task] = await db.select({ authorId: tasks.authorId, assigneeId: tasks.assigneeId, status: tasks.status }).from(tasks).where(and(eq(tasks.id, event.task_id), eq(tasks.orgId, event.org_id)));
  if (!task) return { recipients: [], commentId: null };
  // Reassigned before the job ran: the one it was assigned to then is no longer the one to tell.
  if (event.kind === "assigned") return { recipients: task.assigneeId === event.assignee_id ? [{ userId: event.assignee_id, kind: "assigned" }] : [], commentId: null };
  const who = task.assigneeId ?? task.authorId;
  return { recipients: who && task.status !== "done" ? [{ userId: who, kind: "due_soon" }] : [], commentId: null };
}

/**
 * Writes one notification per recipient who is a member now, never the actor. `jobId` keys them,
 * so a retried job adds nothing; answers the rows it added (the ones to mail).
 */
export async function fanOut(db: Db, event: TaskEvent, jobId: string): Promise<{ id: string; userId: string; kind: NotificationKind }[]> {
  const { recipients, commentId } = await recipientsOf(db, event);
  const actor = "actor_id" in event ? event.actor_id : null;
  const wanted = recipients.filter((r) => r.userId !== actor);
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    const members = new Set(
      (await tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, event.org_id), inArray(memberships.userId, wanted.map((r) => r.userId)))).for("key share")).map((m) => m.userId),
    );
    const rows = wanted
      .filter((r) => members.has(r.userId))
      .map((r) => ({
        orgId: event.org_id,
        userId: r.userId,
        kind: r.kind,
        taskId: event.task_id,
        commentId,
        actorId: actor,
        // A due-soon notice is once per due time, however often the reminder is claimed.
        dedupeKey: event.kind === "due_soon" ? `due_soon:${event.task_id}:${event.due_at}:${r.userId}` : `${jobId}:${r.userId}`,
      }));
    if (rows.length === 0) return [];
    const added = await tx.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
    for (const userId of new Set(added.map((a) => a.userId))) await publishChange(tx, event.org_id, { entity: "notification", id: userId, action: "created" });
    return added.map((a) => ({ ...a, kind: a.kind as NotificationKind }));
  });
}

/** The actor's present name, for the mail. */
export async function nameOf(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

/** Marks notifications as dealt with by mail (sent, or not wanted), so the digest skips them. */
export async function markEmailed(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.update(notifications).set({ emailedAt: sql`now()` }).where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt)));
}
