import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { AppError } from "./errors";

/** A row's place in a list ordered by (created_at, id); `at` keeps Postgres's microseconds. */
export type CreatedPosition = { at: string; id: string };

const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * created_at as text with all six fractional digits: a JavaScript Date keeps milliseconds only,
 * and a cursor rounded to them would skip or repeat rows created within the same millisecond.
 */
export const createdAtText = (column: AnyColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCreatedCursor = (p: CreatedPosition) => Buffer.from(JSON.stringify([p.at, p.id])).toString("base64url");

/**
 * A real calendar instant both sides write alike: "2024-02-30" matches a pattern but Postgres
 * refuses it, year 0 does not exist there, and past 9999 JavaScript writes "+010000-..." which
 * Postgres reads as a bad zone offset. `at` starts "YYYY-MM-DDTHH:MM:SS.mmm".
 */
export const isCursorInstant = (at: string) => {
  const millis = new Date(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(millis.getTime()) && millis.getUTCFullYear() >= 1 && millis.toISOString().slice(0, 23) === at.slice(0, 23);
};

export function decodeCreatedCursor(cursor: string): CreatedPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [unknown, unknown];
    if (typeof at === "string" && isoMicros.test(at) && isCursorInstant(at) && typeof id === "string" && uuid.test(id)) return { at, id };
  } catch {
    /* falls through to the error */
  }
  throw new AppError("bad_request", "The page cursor is not valid", { cursor: "Start again from the first page" });
}

/** Rows after `p` in (created_at, id) order, ascending or descending; a row comparison the index serves. */
export function createdBeyond(createdAt: AnyColumn, id: AnyColumn, p: CreatedPosition, direction: "asc" | "desc"): SQL {
  const op = direction === "asc" ? sql`>` : sql`<`;
  return sql`(${createdAt}, ${id}) ${op} (${p.at}::timestamptz, ${p.id}::uuid)`;
}

/** Splits the `limit + 1` rows a list fetched into its page and the cursor of the next one (null at the end). */
export function createdPage<T>(rows: T[], limit: number, positionOf: (row: T) => CreatedPosition): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last ? encodeCreatedCursor(positionOf(last)) : null };
}
