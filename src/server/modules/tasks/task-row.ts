import type { Task } from "@/shared/work";
import { sql, type SQL } from "drizzle-orm";
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

/** An instant as toISOString() writes it (UTC, milliseconds, "Z"), formatted by Postgres. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The same Task as toTask, built by Postgres as a JSON object from a row of tasks aliased `t` and
 * its project aliased `p`. Lists use it so the driver decodes one value per page instead of
 * fourteen fields (three of them dates) per row, the cost that grew with the page.
 */
export const taskJson: SQL = sql`json_build_object(
  'id', t.id, 'title', t.title, 'description', t.description, 'project_id', t.project_id,
  'priority', t.priority, 'status', t.status, 'due_at', ${iso("t.due_at")},
  'created_at', ${iso("t.created_at")}, 'updated_at', ${iso("t.updated_at")},
  'projects', json_build_object('name', p.name, 'color', p.color))`;
