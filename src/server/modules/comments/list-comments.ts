import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CommentPage } from "@/shared/task-team";
import { comments } from "../../db/schema";
import { decodeInstantCursor, encodeInstantCursor } from "../../lib/instant-cursor";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { getTask } from "../tasks/get-task";
import { toComment } from "./comment-row";

/** A task's comments oldest first (or newest first), keyset pages on (created_at, id) over comments_task_created_idx. */
export async function listComments({ db, scope }: Pick<Ctx, "db" | "scope">, taskId: string, query: { cursor?: string; limit: number; order?: "oldest" | "newest" }): Promise<CommentPage> {
  if (!(await getTask({ db, scope }, taskId))) throw new AppError("not_found", "Task not found");
  const newest = query.order === "newest";
  const conditions: SQL[] = [eq(comments.taskId, taskId), eq(comments.orgId, scope.orgId)];
  if (query.cursor) {
    const { at, id } = decodeInstantCursor(query.cursor);
    conditions.push(newest ? sql`(${comments.createdAt}, ${comments.id}) < (${at}::timestamptz, ${id}::uuid)` : sql`(${comments.createdAt}, ${comments.id}) > (${at}::timestamptz, ${id}::uuid)`);
  }
  const direction = newest ? desc : asc;
  const rows = await db.select().from(comments).where(and(...conditions)).orderBy(direction(comments.createdAt), direction(comments.id)).limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(toComment);
  const last = page.at(-1);
  return { comments: page, next_cursor: rows.length > query.limit && last ? encodeInstantCursor(last.created_at, last.id) : null };
}
