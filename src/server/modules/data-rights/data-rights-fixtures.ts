import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { TEST_ORIGIN } from "../../testing/test-app";
import { listTables, rowsOf } from "./schema-walk";

/** The raw bytes of a download (call() reads bodies as text, which a zip is not). */
export async function download(app: App, path: string, cookie: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const res = await app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie, origin: TEST_ORIGIN } }, { incoming: { socket: { remoteAddress: "10.9.9.9" } } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

export const unzipText = (bytes: Uint8Array): Record<string, string> => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

/** Every (table, column) whose text holds one of `needles`, anywhere in the application's schema. */
export async function cellsMentioning(db: Db, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await listTables(db)) {
    for (const column of columns) {
      const conditions = sql.join(
        needles.map((n) => sql`strpos(lower(${sql.identifier(column.name)}::text), ${n.toLowerCase()}) > 0`),
        sql` or `,
      );
      const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${conditions}`);
      const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      if (n > 0) found.push(`${table}.${column.name} (${n})`);
    }
  }
  return found;
}
