import { sql } from "drizzle-orm";
import type { ExportEstimate } from "@/shared/data-rights";
import type { Db } from "../../db/client";
import { exportSources, type ExportSubject } from "./export-sources";
import { rowsOf } from "./schema-walk";

/** Rows measured per table to learn how wide its rows are. */
const SAMPLE_ROWS = 200;

/**
 * How large an export is likely to be, before it is started: each table's row count, times the
 * width of a sample of its rows as JSON and as CSV text. The zip is smaller (compressed); the cap
 * applies to the zip, so the screen says "may" when the estimate passes it.
 */
export async function estimateExport(db: Pick<Db, "execute">, subject: ExportSubject, maxBytes: number): Promise<ExportEstimate> {
  let rows = 0;
  let bytes = 0;
  for (const source of await exportSources(db, subject)) {
    const [measured] = rowsOf<{ n: string | number; width: string | number | null }>(
      await db.execute(sql`select (select count(*) ${source.from}) as n,
        (select avg(octet_length(to_jsonb(x)::text) + octet_length(x::text)) from (select ${source.select} ${source.from} limit ${SAMPLE_ROWS}) x) as width`),
    );
    const n = Number(measured?.n ?? 0);
    rows += n;
    bytes += Math.round(n * Number(measured?.width ?? 0));
  }
  return { rows, bytes, max_bytes: maxBytes };
}
