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

/**
 * An instant as whole milliseconds since the epoch. Cheaper per row than to_char in Postgres;
 * fromTaskJson turns it into the ISO string toISOString() writes, as toTask does.
 */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::int8`);

/**
 * The same Task as toTask, built by Postgres as a JSON object from a row of tasks aliased `t` and
 * its project aliased `p`. Lists use it so the driver decodes one value per page instead of
 * fourteen fields (three of them dates) per row, the cost that grew with the page.
 */
export const taskJson: SQL = sql`json_build_object(
  'id', t.id, 'title', t.title, 'description', t.description, 'project_id', t.project_id,
  'priority', t.priority, 'status', t.status, 'due_at', ${epochMs("t.due_at")},
  'created_at', ${epochMs("t.created_at")}, 'updated_at', ${epochMs("t.updated_at")},
  'projects', json_build_object('name', p.name, 'color', p.color))`;

type TaskJson = Omit<Task, "due_at" | "created_at" | "updated_at"> & { due_at: number | string | null; created_at: number | string; updated_at: number | string };

/** Parses a page of taskJson objects into Tasks, in place: instants become toISOString() strings. */
export function fromTaskJson(text: string): Task[] {
  const rows = JSON.parse(text) as TaskJson[];
  for (const row of rows) {
    row.due_at = row.due_at === null ? null : new Date(Number(row.due_at)).toISOString();
    row.created_at = new Date(Number(row.created_at)).toISOString();
    row.updated_at = new Date(Number(row.updated_at)).toISOString();
  }
  return rows as Task[];
}
