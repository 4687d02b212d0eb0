import { sql, type SQL } from "drizzle-orm";

/**
 * Local midnight and the next one in the user's time zone, as instants, worked out by Postgres
 * (which knows every zone's DST rules). `now` is a parameter so tests can stand at any moment.
 */
export function dayBounds(timeZone: string, now: Date): { start: SQL; end: SQL } {
  const localDay = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  return {
    start: sql`(${localDay} at time zone ${timeZone})`,
    end: sql`((${localDay} + interval '1 day') at time zone ${timeZone})`,
  };
}
