import type { Project } from "@/shared/work";
import type { projects } from "../../db/schema";

export const toProject = (row: typeof projects.$inferSelect, counts: { total: number; open: number } = { total: 0, open: 0 }, readOnly = false): Project => ({
  id: row.id,
  name: row.name,
  color: row.color,
  status: row.status,
  plane_id: row.planeId,
  description: row.description,
  website_url: row.websiteUrl,
  created_at: row.createdAt.toISOString(),
  task_count: counts.total,
  open_task_count: counts.open,
  read_only: readOnly,
});
