import type { Task } from "@/shared/work";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { tasks } from "../../db/schema";

type TaskRow = typeof tasks.$inferSelect;

const repeatOf = (row: Pick<TaskRow, "recurrence" | "recurrenceTz" | "repeatFrom">): Task["repeat"] =>
  row.recurrence ? { rule: row.recurrence, tz: row.recurrenceTz ?? "UTC", from: row.repeatFrom === "completion" ? "completion" : "due" } : null;

export const toTask = (row: TaskRow, project: { name: string; color: string }, labelIds: string[] = []): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  project_id: row.projectId,
  priority: row.priority as Task["priority"],
  status: row.status as Task["status"],
  due_at: row.dueAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  // Only what the document promises (name, colour): a caller may pass a project row with more.
  projects: { name: project.name, color: project.color },
  author_id: row.authorId,
  assignee_id: row.assigneeId,
  label_ids: labelIds,
  rank: row.rank,
  reminder_minutes: row.reminderMinutes,
  repeat: repeatOf(row),
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
  'projects', json_build_object('name', p.name, 'color', p.color),
  'author_id', t.author_id, 'assignee_id', t.assignee_id, 'rank', t.rank, 'reminder_minutes', t.reminder_minutes,
  'label_ids', coalesce((select json_agg(tl.label_id) from task_labels tl where tl.task_id = t.id), '[]'),
  'repeat', case when t.recurrence is null then null else json_build_object('rule', t.recurrence, 'tz', coalesce(t.recurrence_tz, 'UTC'), 'from', coalesce(t.repeat_from, 'due')) end)`;

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

/** Runs a statement that answers one row with a `page` column of taskJson objects (a json_agg). */
export async function readTaskPage(db: Pick<Db, "execute">, statement: SQL): Promise<Task[]> {
  const result = await db.execute(statement);
  // Both drivers answer { rows }; the shared Db type cannot say so. The JSON is taskJson's shape.
  const text = (result as unknown as { rows: { page: string }[] }).rows[0]?.page ?? "[]";
  return fromTaskJson(text);
}
