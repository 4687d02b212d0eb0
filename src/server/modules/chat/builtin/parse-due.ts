import { addDays, type LocalDate, localDateOf, zonedInstant } from "./local-day";

/** A due date as the user said it, before it is pinned to their calendar. */
export type DueSpec = { kind: "offset"; days: number } | { kind: "weekday"; weekday: number; next: boolean } | { kind: "date"; year: number; month: number; day: number };

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
/** A date-only due date lands at this local hour: the end of a working day. */
const DUE_HOUR = 17;

const FULL_WEEKDAY = /^(sun|mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur)(day)?$/;

/** Reads "today", "tomorrow", "friday", "next monday", "in 3 days", "next week" or 2026-12-01. */
export function parseDue(text: string): DueSpec | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "today" || t === "tonight") return { kind: "offset", days: 0 };
  if (t === "tomorrow" || t === "tmrw") return { kind: "offset", days: 1 };
  if (t === "next week") return { kind: "offset", days: 7 };
  const inDays = /^in (\d{1,3}) days?$/.exec(t);
  if (inDays) return { kind: "offset", days: Number(inDays[1]) };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || year < 1000) return null;
    return { kind: "date", year, month, day };
  }
  const named = /^(?:(next|this|on) )?([a-z]+)$/.exec(t);
  if (named && FULL_WEEKDAY.test(named[2]!)) return { kind: "weekday", weekday: WEEKDAYS.indexOf(named[2]!.slice(0, 3)), next: named[1] === "next" };
  return null;
}

/** The calendar day a spec means, seen from `today`. A bare weekday is the coming one (today counts). */
export function dueDate(spec: DueSpec, today: LocalDate): Pick<LocalDate, "year" | "month" | "day"> {
  if (spec.kind === "date") return spec;
  if (spec.kind === "offset") return addDays(today, spec.days);
  const ahead = (spec.weekday - today.weekday + 7) % 7;
  return addDays(today, spec.next && ahead === 0 ? 7 : ahead);
}

/** The instant to store: the day at DUE_HOUR in the user's zone. */
export function resolveDue(spec: DueSpec, timeZone: string, now: Date): string {
  return zonedInstant(timeZone, dueDate(spec, localDateOf(timeZone, now)), DUE_HOUR).toISOString();
}
