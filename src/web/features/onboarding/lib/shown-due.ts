/**
 * A due date of the preview as the reader writes dates ("1. Dez. 2026", "1 déc. 2026, 09:00"):
 * the rows carry ISO 8601 for the server (a bare day, or a time with the browser's offset). A
 * value that is not a possible date is shown as the file has it: the import reports that row.
 */
export function shownDue(due: string | undefined, locale: string): string {
  if (!due) return "";
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
  if (day) return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(due) ? new Date(due) : null;
  return instant && !Number.isNaN(instant.getTime()) ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(instant) : due;
}
