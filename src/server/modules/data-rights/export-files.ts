import { strToU8, zipSync } from "fflate";

/** One cell of CSV (RFC 4180). Text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows alone, each line ended: what a streamed export writes after its header. */
export function csvRows(columns: string[], rows: Record<string, unknown>[]): string {
  return rows.map((row) => `${columns.map((c) => csvCell(row[c])).join(",")}\r\n`).join("");
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return `${columns.map(csvCell).join(",")}\r\n${csvRows(columns, rows)}`;
}

export type ExportTable = { name: string; columns: string[]; rows: Record<string, unknown>[] };

function readme(appName: string, title: string, generatedAt: Date, tables: ExportTable[]): string {
  return [
    `${appName}: ${title}`,
    `Generated ${generatedAt.toISOString()}.`,
    "",
    "Each table is here twice: <table>.json (an array of rows) and <table>.csv (the same rows; JSON values as text).",
    "Secrets are left out: passwords, session tokens, API keys, access tokens, two-factor secrets and signing secrets.",
    "",
    "Tables:",
    ...tables.map((t) => `- ${t.name}: ${t.rows.length} row${t.rows.length === 1 ? "" : "s"}`),
    "",
  ].join("\r\n");
}

/** The zip: README.txt, then a JSON and a CSV file per table. */
export function zipExport(appName: string, title: string, generatedAt: Date, tables: ExportTable[]): Uint8Array {
  const files: Record<string, Uint8Array> = { "README.txt": strToU8(readme(appName, title, generatedAt, tables)) };
  for (const table of tables) {
    files[`${table.name}.json`] = strToU8(JSON.stringify(table.rows, null, 2));
    files[`${table.name}.csv`] = strToU8(toCsv(table.columns, table.rows));
  }
  return zipSync(files, { level: 6 });
}
