/**
 * The user's calendar day in their time zone, worked out with Intl so the built-in assistant can
 * turn "friday" into an instant without a round trip to the database.
 */
export type LocalDate = { year: number; month: number; day: number; weekday: number };

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export function localDateOf(timeZone: string, now: Date): LocalDate {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", weekday: "short" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { year: Number(part("year")), month: Number(part("month")), day: Number(part("day")), weekday: WEEKDAYS.indexOf(part("weekday").toLowerCase().slice(0, 3)) };
}

/** The date `days` after `date` (the calendar's, so month ends and leap years come out right). */
export function addDays(date: Pick<LocalDate, "year" | "month" | "day">, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant the zone's clocks show `hour`:00 on `date`; twice corrected, so DST days come out right. */
export function zonedInstant(timeZone: string, date: Pick<LocalDate, "year" | "month" | "day">, hour: number): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  let guess = wall - offsetMinutes(timeZone, wall) * 60_000;
  guess = wall - offsetMinutes(timeZone, guess) * 60_000;
  return new Date(guess);
}

/** "Fri 4 Dec" ("Fr., 4. Dez.", "ven. 4 déc.") in the user's zone, for replies. */
export function formatDay(iso: string, timeZone: string, locale = "en-GB"): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short" }).format(new Date(iso));
}
