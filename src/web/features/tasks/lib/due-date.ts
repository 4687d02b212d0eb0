import { localDay, pad2 } from "@/web/lib/calendar-day";
import { formatDate, formatDateTime } from "@/web/lib/format";

/** An ISO time as the value a datetime-local input shows, in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${localDay(d)}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A datetime-local value as ISO with the browser's offset (2025-03-01T09:00:00+01:00), or null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const minutes = -d.getTimezoneOffset();
  const sign = minutes >= 0 ? "+" : "-";
  const abs = Math.abs(minutes);
  return `${toLocalInput(d.toISOString())}:00${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

const startOfToday = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** Where a due time falls for the user: the same day bounds as the server's tabs. */
export function dueState(iso: string | null, now = new Date()): "none" | "overdue" | "today" | "later" {
  if (!iso) return "none";
  const due = new Date(iso).getTime();
  const start = startOfToday(now);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  if (due < start.getTime()) return "overdue";
  return due < end.getTime() ? "today" : "later";
}

/** A due time in the app's language; the time is left out when it is midnight. */
export function formatDue(iso: string): string {
  const d = new Date(iso);
  const withTime = d.getHours() !== 0 || d.getMinutes() !== 0;
  return withTime ? formatDateTime(d) : formatDate(d);
}
