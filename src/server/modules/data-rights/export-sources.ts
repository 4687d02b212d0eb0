import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isSecretColumn, SKIPPED_TABLES } from "./export-columns";
import { isUserReference, listTables, rowsOf, type ColumnInfo } from "./schema-walk";

/** A column a source's pages are keyed by, with its SQL type so a key read back as text compares natively. */
export type KeyColumn = { name: string; type: string };

/**
 * One file pair of the zip: a table's rows for this export, without its secret columns. `select`
 * lists the columns; `from` is the rest of a query (from, where); `key` orders it uniquely by an
 * index (the primary key, or the row's position), so it is read a page at a time.
 */
export type ExportSource = { name: string; columns: string[]; select: SQL; from: SQL; key: KeyColumn[] };
export type ExportSubject = { scope: "user"; userId: string } | { scope: "org"; orgId: string };
type PrimaryKeys = Map<string, KeyColumn[]>;

const id = (name: string) => sql.identifier(name);

function selectFrom(table: string, columns: ColumnInfo[], where: SQL, keys: PrimaryKeys): ExportSource {
  const kept = columns.filter((c) => !isSecretColumn(table, c.name)).map((c) => c.name);
  const list = sql.join(
    kept.map((c) => id(c)),
    sql`, `,
  );
  // A table without a primary key is paged by its rows' physical position (a TID range scan).
  const key = keys.get(table) ?? [{ name: "ctid", type: "tid" }];
  return { name: table, columns: kept, select: list, from: sql`from ${id(table)} where ${where}`, key };
}

/** The primary key columns of every table of the schema, in key order. */
async function primaryKeys(db: Pick<Db, "execute">): Promise<PrimaryKeys> {
  const result = await db.execute(sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, place)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = current_schema()
    order by c.relname, k.place`);
  const keys: PrimaryKeys = new Map();
  for (const row of rowsOf<{ table_name: string; column_name: string; column_type: string }>(result)) {
    keys.set(row.table_name, [...(keys.get(row.table_name) ?? []), { name: row.column_name, type: row.column_type }]);
  }
  return keys;
}

/**
 * Which rows an export holds, found by walking the schema, so a table added later is exported
 * without a change here. Organisation: every table with an org_id, the organisation itself and its
 * members' names. User: the profile, every row naming the user (user_id, *_user_id, *_by), and the
 * messages of their conversations.
 */
export async function exportSources(db: Pick<Db, "execute">, subject: ExportSubject): Promise<ExportSource[]> {
  const [tables, keys] = await Promise.all([listTables(db), primaryKeys(db)]);
  const sources: ExportSource[] = [];
  for (const [table, columns] of tables) {
    if (SKIPPED_TABLES.has(table)) continue;
    if (subject.scope === "org") {
      if (table === "organisations") sources.push(selectFrom(table, columns, sql`"id" = ${subject.orgId}`, keys));
      else if (columns.some((c) => c.name === "org_id")) sources.push(selectFrom(table, columns, sql`"org_id" = ${subject.orgId}`, keys));
      continue;
    }
    if (table === "user") {
      sources.push(selectFrom(table, columns, sql`"id" = ${subject.userId}`, keys));
      continue;
    }
    const refs = columns.filter(isUserReference);
    if (refs.length > 0) {
      const where = sql.join(
        refs.map((c) => sql`${id(c.name)} = ${subject.userId}`),
        sql` or `,
      );
      sources.push(selectFrom(table, columns, sql`(${where})`, keys));
    } else if (table === "chat_messages") {
      sources.push(selectFrom(table, columns, sql`"conversation_id" in (select "id" from "conversations" where "user_id" = ${subject.userId})`, keys));
    }
  }
  if (subject.scope === "org") {
    // Keyed by the member's user id: one membership per user and organisation.
    sources.push({
      name: "members",
      columns: ["user_id", "name", "email", "role", "created_at"],
      select: sql`m."user_id", u."name", u."email", m."role", m."created_at"`,
      from: sql`from "memberships" m join "user" u on u."id" = m."user_id" where m."org_id" = ${subject.orgId}`,
      key: [{ name: "m.user_id", type: "text" }],
    });
  }
  return sources.sort((a, b) => a.name.localeCompare(b.name));
}

/** Rows a page holds at most. */
export const EXPORT_PAGE_ROWS = 500;
/**
 * About how much text a page should hold: pages of wide rows get fewer rows. Small pages die young
 * in V8's nursery; pages of megabytes outlive a scavenge, pile up in the old space and grow RSS.
 */
export const EXPORT_PAGE_BYTES = 256 * 1024;

const keyExpr = (name: string) =>
  sql.join(
    name.split(".").map((part) => id(part)),
    sql`.`,
  );

/**
 * One page of a source as plain JSON values (timestamps as ISO text, the same on PGlite and pg),
 * after the key `after` (null: the first page), with the last row's key for the next page. Each
 * page is one short statement that walks the key's index: no transaction is held open across an
 * export, so a large one neither blocks the embedded database nor holds back vacuum.
 */
export async function readPage(db: Pick<Db, "execute">, source: ExportSource, after: string[] | null, limit = EXPORT_PAGE_ROWS): Promise<{ rows: Record<string, unknown>[]; last: string[] | null; bytes: number }> {
  const keys = source.key.map((k) => keyExpr(k.name));
  const keyList = sql.join(keys, sql`, `);
  const bound = after
    ? sql` and (${keyList}) > (${sql.join(
        after.map((value, i) => sql`${value}::${sql.raw(source.key[i]!.type)}`),
        sql`, `,
      )})`
    : sql``;
  const keyTexts = sql.join(
    keys.map((k, i) => sql`${k}::text as ${id(`__key${i}`)}`),
    sql`, `,
  );
  const result = await db.execute(sql`select to_jsonb(x)::text as "row" from (select ${source.select}, ${keyTexts} ${source.from}${bound} order by ${keyList} limit ${limit}) x`);
  let last: string[] | null = null;
  let bytes = 0;
  const rows = rowsOf<{ row: string }>(result).map(({ row }) => {
    bytes += row.length;
    const values = JSON.parse(row) as Record<string, unknown>;
    last = source.key.map((_k, i) => String(values[`__key${i}`]));
    for (let i = 0; i < source.key.length; i++) delete values[`__key${i}`];
    return values;
  });
  return { rows, last, bytes };
}

/** How many rows a source holds (its filter's index counts them). */
export async function countSource(db: Pick<Db, "execute">, source: ExportSource): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n ${source.from}`));
  return Number(row?.n ?? 0);
}

/**
 * Every row of a source, page by page, in key order; a page holds about EXPORT_PAGE_BYTES of text.
 * `large`: the source holds many rows, so each page must walk the key's index. Left to itself the
 * planner may fetch all of the subject's rows by their filter's index and sort them for every page
 * (it did, on a table not yet analysed), which makes an export quadratic; a sort is switched off for
 * that one short statement. A small source keeps the planner's choice: there, walking the key's
 * index past other tenants' rows would cost more than sorting a few.
 */
export async function* readSource(db: Db, source: ExportSource, large = false): AsyncGenerator<Record<string, unknown>[]> {
  let after: string[] | null = null;
  let limit = EXPORT_PAGE_ROWS;
  for (;;) {
    const read = (on: Pick<Db, "execute">) => readPage(on, source, after, limit);
    const page: Awaited<ReturnType<typeof readPage>> = large
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_sort = off`);
          return read(tx);
        })
      : await read(db);
    if (page.rows.length > 0) yield page.rows;
    if (page.rows.length < limit || !page.last) return;
    after = page.last;
    const width = page.bytes / page.rows.length;
    limit = Math.max(1, Math.min(EXPORT_PAGE_ROWS, Math.floor(EXPORT_PAGE_BYTES / Math.max(1, width))));
  }
}
