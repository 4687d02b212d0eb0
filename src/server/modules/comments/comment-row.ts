import type { Comment } from "@/shared/task-team";
import type { comments } from "../../db/schema";

export const toComment = (row: typeof comments.$inferSelect): Comment => ({
  id: row.id,
  task_id: row.taskId,
  author_id: row.authorId,
  body: row.body,
  mentions: row.mentions,
  created_at: row.createdAt.toISOString(),
  edited_at: row.editedAt?.toISOString() ?? null,
});
