import { addDays, type LocalDate, localDateOf, zonedInstant } from "./local-day";

/** A due date as the user said it, before it is pinned to their calendar. `year` null: the next such day. */
export type DueSpec = { kind: "offset"; days: number } | { kind: "weekday"; weekday: number; next: boolean } | { kind: "date"; year: number | null; month: number; day: number };

/** A date-only due date lands at this local hour: the end of a working day. */
const DUE_HOUR = 17;

// Weekday names as English, German and French write them (Sunday is 0), without accents or case.
const WEEKDAY_NAMES: Record<string, number> = {
  sun: 0, sunday: 0, mon: 1, monday: 1, tue: 2, tues: 2, tuesday: 2, wed: 3, wednes: 3, wednesday: 3, thu: 4, thur: 4, thurs: 4, thursday: 4, fri: 5, friday: 5, sat: 6, satur: 6, saturday: 6,
  so: 0, sonntag: 0, mo: 1, montag: 1, di: 2, dienstag: 2, mi: 3, mittwoch: 3, do: 4, donnerstag: 4, fr: 5, freitag: 5, sa: 6, samstag: 6, sonnabend: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
};
const OFFSETS: Record<string, number> = {
  today: 0, tonight: 0, tomorrow: 1, tmrw: 1, "next week": 7,
  heute: 0, "heute abend": 0, morgen: 1, ubermorgen: 2, "nachste woche": 7,
  "aujourd'hui": 0, "ce soir": 0, demain: 1, "apres-demain": 2, "apres demain": 2, "la semaine prochaine": 7, "semaine prochaine": 7,
};
const bare = (text: string) => text.trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[’`]/g, "'").replace(/\s+/g, " ");

function dateSpec(year: number | null, month: number, day: number): DueSpec | null {
  const check = new Date(Date.UTC(year ?? 2024, month - 1, day)); // 2024: a leap year, so 29 Feb passes without a year
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || (year !== null && year < 1000)) return null;
  return { kind: "date", year, month, day };
}

/**
 * Reads a due date in English, German or French: today / heute / aujourd'hui, tomorrow / morgen /
 * demain, next week, in 3 days / in 3 Tagen / dans 3 jours, a weekday (friday, Freitag, vendredi;
 * next monday, nächsten Montag, lundi prochain), 2026-12-01, or a day-first date 01.12.2026,
 * 1.12., 01/12/2026 or 1/12 (German and French write the day first; without a year, the next one).
 */
export function parseDue(text: string): DueSpec | null {
  const t = bare(text).replace(/^(?:on|am|le|au|den|zum) /, "");
  if (t in OFFSETS) return { kind: "offset", days: OFFSETS[t]! };
  const inDays = /^(?:in|dans) (\d{1,3}) (?:days?|tagen?|jours?)$/.exec(t);
  if (inDays) return { kind: "offset", days: Number(inDays[1]) };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return dateSpec(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})([./])(\d{1,2})(?:\2(\d{4})|\.?)$/.exec(t);
  if (dayFirst) return dateSpec(dayFirst[4] ? Number(dayFirst[4]) : null, Number(dayFirst[3]), Number(dayFirst[1]));
  // "next monday", "nächsten Montag", "diesen Freitag", "lundi prochain", "ce vendredi".
  const named = /^(?:(next|this|nachsten|nachster|nachstes|kommenden|kommender|diesen|dieser|ce) )?([a-z]+)\.?(?: (prochain))?$/.exec(t);
  const weekday = named ? WEEKDAY_NAMES[named[2]!] : undefined;
  if (named && weekday !== undefined) return { kind: "weekday", weekday, next: /^(next|nachste|kommende)/.test(named[1] ?? "") || named[3] === "prochain" };
  return null;
}

/** The calendar day a spec means, seen from `today`. A bare weekday is the coming one (today counts). */
export function dueDate(spec: DueSpec, today: LocalDate): Pick<LocalDate, "year" | "month" | "day"> {
  if (spec.kind === "date") {
    if (spec.year !== null) return { year: spec.year, month: spec.month, day: spec.day };
    const passed = spec.month < today.month || (spec.month === today.month && spec.day < today.day);
    return { year: today.year + (passed ? 1 : 0), month: spec.month, day: spec.day };
  }
  if (spec.kind === "offset") return addDays(today, spec.days);
  const ahead = (spec.weekday - today.weekday + 7) % 7;
  return addDays(today, spec.next && ahead === 0 ? 7 : ahead);
}

/** The instant to store: the day at DUE_HOUR in the user's zone. */
export function resolveDue(spec: DueSpec, timeZone: string, now: Date): string {
  return zonedInstant(timeZone, dueDate(spec, localDateOf(timeZone, now)), DUE_HOUR).toISOString();
}
