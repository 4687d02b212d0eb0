import type { Task } from "@/shared/work";
import type { tasks } from "../../db/schema";

export const toTask = (row: typeof tasks.$inferSelect, project: { name: string; color: string }): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  project_id: row.projectId,
  priority: row.priority as Task["priority"],
  status: row.status as Task["status"],
  due_at: row.dueAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  projects: project,
});
