import type { CsvDateFormat } from "@/web/lib/csv-format";

/**
 * Due dates as spreadsheets write them, turned into what the import route reads (ISO 8601):
 * 2026-12-01, 01.12.2026 or 1.12.2026 (German), 01/12/2026 (French, British; 12/01/2026 in the
 * United States), each optionally followed by a time "14:05" in the browser's zone.
 *
 * Slash dates are ambiguous: 03/04/2026 is the 3rd of April in Europe and the 4th of March in the
 * United States. The file decides when it can (a first part above 12 means day first, a second
 * part above 12 month first); otherwise the caller's convention decides (see readImportFile).
 */
export type SlashOrder = "day-first" | "month-first";

const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const isoWithZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The written format of one value, or null for anything else (empty, a typo, a two-digit year). */
export function dateFormatOf(value: string, order: SlashOrder): CsvDateFormat | null {
  const v = value.trim();
  if (iso.test(v) || isoWithZone.test(v)) return "YYYY-MM-DD";
  if (dotted.test(v)) return "DD.MM.YYYY";
  if (slashed.test(v)) return order === "day-first" ? "DD/MM/YYYY" : "MM/DD/YYYY";
  return null;
}

/** What the slash dates of a file say about their order: null when none of them tells. */
export function slashOrderOf(values: string[]): SlashOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const m = slashed.exec(value.trim());
    if (!m) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dayFirst = true;
    if (b > 12 && a <= 12) monthFirst = true;
  }
  // Both at once: the file mixes conventions, and no single order reads it all.
  return dayFirst === monthFirst ? null : dayFirst ? "day-first" : "month-first";
}

/** The local time as ISO with the browser's offset, 2026-12-01T14:05:00+01:00. */
function localIso(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const offset = `${minutes >= 0 ? "+" : "-"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${offset}`;
}

function build(year: number, month: number, day: number, hour?: string, minute?: string, second?: string): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // 31.02.2026 is a typo, not the 3rd of March (which is what Date would make of it).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  if (hour === undefined) return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const [h, mi, s] = [Number(hour), Number(minute), Number(second ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(year, month - 1, day, h, mi, s);
  date.setFullYear(year); // years below 100 would otherwise be read as 19xx
  return localIso(date);
}

/**
 * The value as the import route reads it: "" for no date, an ISO date or date-time for a date,
 * null for a value that is not a possible date (the row is then reported, not imported).
 */
export function normaliseDue(value: string, order: SlashOrder): string | null {
  const v = value.trim();
  if (!v) return "";
  if (isoWithZone.test(v)) return v;
  let m = iso.exec(v);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]), m[4], m[5], m[6]);
  m = dotted.exec(v);
  if (m) return build(Number(m[3]), Number(m[2]), Number(m[1]), m[4], m[5], m[6]);
  m = slashed.exec(v);
  if (m) {
    const [first, second] = [Number(m[1]), Number(m[2])];
    const [day, month] = order === "day-first" ? [first, second] : [second, first];
    return build(Number(m[3]), month, day, m[4], m[5], m[6]);
  }
  return null;
}
