import type { ImportTasksInput } from "@/shared/work";
import { parseCsv } from "./parse-csv";

export type ImportRow = ImportTasksInput["rows"][number];
type Column = keyof ImportRow;

const headerNames: Record<string, Column> = {
  title: "title",
  task: "title",
  name: "title",
  project: "project",
  priority: "priority",
  due: "due",
  "due date": "due",
  due_date: "due",
  "due at": "due",
  due_at: "due",
};
const positional: Column[] = ["title", "project", "priority", "due"];

/** Rows from a CSV file: a header row, when recognised, maps the columns; otherwise title, project, priority, due. */
export function importRowsOf(text: string): { rows: ImportRow[]; hasHeader: boolean } {
  const table = parseCsv(text);
  const first = table[0]?.map((cell) => headerNames[cell.trim().toLowerCase()]);
  const hasHeader = Boolean(first?.includes("title") && first.includes("project"));
  const columns = hasHeader && first ? first : positional;
  const rows = (hasHeader ? table.slice(1) : table).map((cells) => {
    const row: ImportRow = { title: "", project: "" };
    columns.forEach((column, index) => {
      const value = cells[index]?.trim() ?? "";
      if (column) row[column] = value.slice(0, column === "title" ? 1000 : column === "project" ? 200 : column === "priority" ? 20 : 40);
    });
    return row;
  });
  return { rows, hasHeader };
}
