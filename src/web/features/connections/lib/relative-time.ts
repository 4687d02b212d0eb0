import { formatRelative } from "@/web/lib/format";

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 minutes ago", "yesterday", "now": the largest whole unit, in the reader's language. */
export function formatRelativeTime(iso: string, now: Date, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return formatRelative(Math.trunc(seconds / size), unit, undefined, locale);
  }
  return formatRelative(0, "second", undefined, locale);
}
