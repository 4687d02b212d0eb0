import Papa from "papaparse";
import type { Task } from "@/shared/work";
import type { CsvDateFormat, CsvFormat } from "@/web/lib/csv-format";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function writeDate(format: CsvDateFormat, year: number, month: number, day: number): string {
  const [y, m, d] = [pad(year, 4), pad(month), pad(day)];
  if (format === "DD.MM.YYYY") return `${d}.${m}.${y}`;
  if (format === "DD/MM/YYYY") return `${d}/${m}/${y}`;
  if (format === "MM/DD/YYYY") return `${m}/${d}/${y}`;
  return `${y}-${m}-${d}`;
}

/**
 * A due time as a spreadsheet cell. The CSV import stores a bare date as noon UTC (the same day in
 * every European zone), so such a time is written as the bare date; any other time is written as
 * the browser's local date and time, which the import reads back in the same zone.
 */
export function csvDue(iso: string | null, format: CsvDateFormat): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  if (d.getUTCHours() === 12 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0) {
    return writeDate(format, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return `${writeDate(format, d.getFullYear(), d.getMonth() + 1, d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The headings the import recognises, so an exported file imports as it is. */
export const csvColumns = ["title", "project", "priority", "due", "status", "assignee", "labels"] as const;

/** Who a task's people and labels are, by id: the assignee goes out as an email, labels as names. */
export type CsvPeople = { emailOf: (userId: string | null) => string; labelName: (labelId: string) => string };
const nobody: CsvPeople = { emailOf: () => "", labelName: () => "" };

/**
 * Tasks as a CSV file Excel opens right in the user's locale: its delimiter and date format, CRLF
 * line ends, UTF-8 with a byte-order mark (without it Excel reads the bytes as Windows-1252).
 * A cell that starts with = + - @ tab or CR is written with a leading ' so that no spreadsheet
 * runs it as a formula; the import takes the ' off again.
 */
export function tasksCsv(tasks: Task[], format: CsvFormat, people: CsvPeople = nobody): string {
  const data = tasks.map((t) => [t.title, t.projects.name, t.priority, csvDue(t.due_at, format.dateFormat), t.status, people.emailOf(t.assignee_id), t.label_ids.map(people.labelName).filter(Boolean).join(", ")]);
  return `\uFEFF${Papa.unparse({ fields: [...csvColumns], data }, { delimiter: format.delimiter, newline: "\r\n", escapeFormulae: true })}\r\n`;
}
