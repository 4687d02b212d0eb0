import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "./errors";

/**
 * The shared schema checks a zone with Intl, but Node knows names Postgres does not (retired
 * aliases such as US/Pacific-New), and those failed the query as a 500. The database's own list
 * is read once per database, lower-cased since Postgres matches zone names case-insensitively.
 */
const known = new WeakMap<Db, Promise<ReadonlySet<string>>>();

export function timeZonesOf(db: Db): Promise<ReadonlySet<string>> {
  let names = known.get(db);
  if (!names) {
    names = db.execute(sql`select name from pg_timezone_names`).then((result) => {
      // Both drivers answer { rows }; the shared Db type cannot say so.
      const rows = (result as unknown as { rows: { name: string }[] }).rows;
      return new Set(rows.map((r) => r.name.toLowerCase()));
    });
    // A load that failed (the database away for a moment) is tried again by the next request.
    names.catch(() => known.delete(db));
    known.set(db, names);
  }
  return names;
}

export async function ensureKnownTimeZone(db: Db, tz: string): Promise<void> {
  const names = await timeZonesOf(db);
  if (!names.has(tz.toLowerCase())) throw new AppError("bad_request", "Unknown time zone", { tz: "Unknown time zone" });
}
