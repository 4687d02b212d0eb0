import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type ColumnInfo = { name: string; type: string; nullable: boolean };

/** Every table of the application's schema with its columns, read from the database itself (new tables included). */
export async function listTables(db: Pick<Db, "execute">): Promise<Map<string, ColumnInfo[]>> {
  const result = await db.execute(sql`select table_name, column_name, udt_name, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`);
  const tables = new Map<string, ColumnInfo[]>();
  for (const row of (result as unknown as { rows: { table_name: string; column_name: string; udt_name: string; is_nullable: string }[] }).rows) {
    const list = tables.get(row.table_name) ?? [];
    list.push({ name: row.column_name, type: row.udt_name, nullable: row.is_nullable === "YES" });
    tables.set(row.table_name, list);
  }
  return tables;
}

/** A column that names a user: user_id, something_user_id, or an actor such as created_by. */
// author_id, assignee_id, actor_id: a task's or comment's people (team work on tasks).
const peopleColumns = new Set(["author_id", "assignee_id", "actor_id"]);
export const isUserReference = (column: ColumnInfo) => column.type === "text" && (column.name === "user_id" || column.name.endsWith("_user_id") || column.name.endsWith("_by") || peopleColumns.has(column.name));

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
