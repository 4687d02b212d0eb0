import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isSecretColumn, SKIPPED_TABLES } from "./export-columns";
import { isUserReference, listTables, rowsOf, type ColumnInfo } from "./schema-walk";

/** One file pair of the zip: a table's rows for this export, without its secret columns. */
export type ExportSource = { name: string; columns: string[]; query: SQL };
export type ExportSubject = { scope: "user"; userId: string } | { scope: "org"; orgId: string };

const id = (name: string) => sql.identifier(name);

function selectFrom(table: string, columns: ColumnInfo[], where: SQL): ExportSource {
  const kept = columns.filter((c) => !isSecretColumn(table, c.name)).map((c) => c.name);
  const order = columns.some((c) => c.name === "created_at") ? sql` order by "created_at"` : sql``;
  const list = sql.join(
    kept.map((c) => id(c)),
    sql`, `,
  );
  return { name: table, columns: kept, query: sql`select ${list} from ${id(table)} where ${where}${order}` };
}

/**
 * Which rows an export holds, found by walking the schema, so a table added later is exported
 * without a change here. Organisation: every table with an org_id, the organisation itself and its
 * members' names. User: the profile, every row naming the user (user_id, *_user_id, *_by), and the
 * messages of their conversations.
 */
export async function exportSources(db: Pick<Db, "execute">, subject: ExportSubject): Promise<ExportSource[]> {
  const tables = await listTables(db);
  const sources: ExportSource[] = [];
  for (const [table, columns] of tables) {
    if (SKIPPED_TABLES.has(table)) continue;
    if (subject.scope === "org") {
      if (table === "organisations") sources.push(selectFrom(table, columns, sql`"id" = ${subject.orgId}`));
      else if (columns.some((c) => c.name === "org_id")) sources.push(selectFrom(table, columns, sql`"org_id" = ${subject.orgId}`));
      continue;
    }
    if (table === "user") {
      sources.push(selectFrom(table, columns, sql`"id" = ${subject.userId}`));
      continue;
    }
    const refs = columns.filter(isUserReference);
    if (refs.length > 0) {
      const where = sql.join(
        refs.map((c) => sql`${id(c.name)} = ${subject.userId}`),
        sql` or `,
      );
      sources.push(selectFrom(table, columns, sql`(${where})`));
    } else if (table === "chat_messages") {
      sources.push(selectFrom(table, columns, sql`"conversation_id" in (select "id" from "conversations" where "user_id" = ${subject.userId})`));
    }
  }
  if (subject.scope === "org") {
    sources.push({
      name: "members",
      columns: ["user_id", "name", "email", "role", "created_at"],
      query: sql`select m."user_id", u."name", u."email", m."role", m."created_at" from "memberships" m join "user" u on u."id" = m."user_id" where m."org_id" = ${subject.orgId} order by m."created_at"`,
    });
  }
  return sources.sort((a, b) => a.name.localeCompare(b.name));
}

/** The rows of one source as plain JSON values (timestamps as ISO text), the same on PGlite and pg. */
export async function readSource(db: Pick<Db, "execute">, source: ExportSource): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql`select coalesce(json_agg(to_jsonb(x)), '[]')::text as rows from (${source.query}) x`);
  const [first] = rowsOf<{ rows: string }>(result);
  return JSON.parse(first?.rows ?? "[]") as Record<string, unknown>[];
}
