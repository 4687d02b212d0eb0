import type { ImportTasksInput } from "@/shared/work";

export type ImportRow = ImportTasksInput["rows"][number];
type Column = keyof ImportRow;

// English, German and French headings, as people (and our own task export) write them.
const headerNames: Record<string, Column> = {
  title: "title",
  task: "title",
  name: "title",
  titel: "title",
  aufgabe: "title",
  titre: "title",
  tâche: "title",
  project: "project",
  projekt: "project",
  projet: "project",
  priority: "priority",
  priorität: "priority",
  priorite: "priority",
  priorité: "priority",
  due: "due",
  "due date": "due",
  due_date: "due",
  "due at": "due",
  due_at: "due",
  fällig: "due",
  fälligkeit: "due",
  fälligkeitsdatum: "due",
  échéance: "due",
  "date d'échéance": "due",
  assignee: "assignee",
  "assignee email": "assignee",
  zuständig: "assignee",
  "zugewiesen an": "assignee",
  responsable: "assignee",
  "assigné à": "assignee",
  labels: "labels",
  label: "labels",
  etiketten: "labels",
  étiquettes: "labels",
};
const positional: Column[] = ["title", "project", "priority", "due"];
const maxLength: Record<Column, number> = { title: 1000, project: 200, priority: 20, due: 40, assignee: 320, labels: 1000 };

/**
 * A cell as it was before a spreadsheet export defused it: "'=SUM(A1)" was written for "=SUM(A1)"
 * so that Excel shows the text instead of running a formula (our export does that too).
 */
export const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Rows from a CSV table: a header row, when recognised, maps the columns; otherwise title, project, priority, due. */
export function importRowsOf(table: string[][]): { rows: ImportRow[]; hasHeader: boolean } {
  const first = table[0]?.map((cell) => headerNames[cell.trim().toLowerCase()]);
  const hasHeader = Boolean(first?.includes("title") && first.includes("project"));
  const columns = hasHeader && first ? first : positional;
  const rows = (hasHeader ? table.slice(1) : table).map((cells) => {
    const row: ImportRow = { title: "", project: "" };
    columns.forEach((column, index) => {
      const value = undefused(cells[index]?.trim() ?? "").trim();
      if (column) row[column] = value.slice(0, maxLength[column]);
    });
    return row;
  });
  return { rows, hasHeader };
}
