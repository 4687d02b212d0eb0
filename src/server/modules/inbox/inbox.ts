import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { InboxPage, MarkReadInput } from "@/shared/inbox";
import { notifications, tasks, user } from "../../db/schema";
import { publishChange } from "../../lib/events";
import { decodeInstantCursor, encodeInstantCursor } from "../../lib/instant-cursor";
import type { Ctx } from "../organisations/org-scope";

type Scope = Pick<Ctx, "db" | "scope">;
const mine = (scope: Scope["scope"]) => and(eq(notifications.userId, scope.userId), eq(notifications.orgId, scope.orgId));

export async function unreadCount({ db, scope }: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(mine(scope), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The caller's notifications in this organisation, newest first, a keyset page at a time. */
export async function listInbox({ db, scope }: Scope, query: { cursor?: string; limit: number }): Promise<InboxPage> {
  const conditions: (SQL | undefined)[] = [mine(scope)];
  if (query.cursor) {
    const { at, id } = decodeInstantCursor(query.cursor);
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select({ n: notifications, title: tasks.title, actor: user.name })
    .from(notifications)
    .leftJoin(tasks, eq(tasks.id, notifications.taskId))
    .leftJoin(user, eq(user.id, notifications.actorId))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(({ n, title, actor }) => ({
    id: n.id,
    kind: n.kind as InboxPage["notifications"][number]["kind"],
    task_id: n.taskId,
    task_title: title,
    comment_id: n.commentId,
    actor_name: actor,
    created_at: n.createdAt.toISOString(),
    read: n.readAt !== null,
  }));
  const last = page.at(-1);
  return { notifications: page, unread: await unreadCount({ db, scope }), next_cursor: rows.length > query.limit && last ? encodeInstantCursor(last.created_at, last.id) : null };
}

/** Marks some or all read; the user's other tabs hear of it through the change feed. */
export async function markRead({ db, scope }: Scope, input: MarkReadInput): Promise<number> {
  return db.transaction(async (tx) => {
    const which = "ids" in input ? inArray(notifications.id, input.ids) : undefined;
    await tx.update(notifications).set({ readAt: new Date() }).where(and(mine(scope), isNull(notifications.readAt), which));
    await publishChange(tx, scope.orgId, { entity: "notification", id: scope.userId, action: "updated" });
    const [row] = await tx.select({ n: count() }).from(notifications).where(and(mine(scope), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  });
}
