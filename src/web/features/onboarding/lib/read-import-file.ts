import type { CsvDateFormat, CsvDelimiter } from "@/web/lib/csv-format";
import { dateFormatOf, normaliseDue, slashOrderOf, type SlashOrder } from "./csv-dates";
import { importRowsOf, type ImportRow } from "./import-rows";
import { decodeCsv, parseCsv, type BrokenLine, type CsvEncoding } from "./parse-csv";

/** What the preview says about the file: "semicolon-separated, Windows-1252, dates DD.MM.YYYY". */
export type DetectedCsv = {
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  /** The format most due dates are written in; null when the file has none. */
  dateFormat: CsvDateFormat | null;
  /** Slash dates none of which has a day above 12: their order is the convention's guess. */
  slashOrderGuessed: boolean;
};

/** A row whose due date is not a possible date: it is still sent, and the import reports it. */
export type DueIssue = { row: number; value: string };

/** `broken`: lines the file cannot be read past (a quote never closed); such a file is not imported at all. */
export type ImportFile = { rows: ImportRow[]; detected: DetectedCsv; issues: DueIssue[]; broken: BrokenLine[] };
export type { BrokenLine };

/** What a file that is no text at all looks like: a spreadsheet workbook saved as such, or other bytes. */
export type NotText = "workbook" | "binary";

/**
 * Whether the file is not text, told from its first bytes before anything is parsed (parsing a zip
 * as CSV shows rows of garbage): a zip (an .xlsx or .ods workbook), an old Excel file, or bytes no
 * text file holds (NUL, or mostly control characters).
 */
export function notTextKind(bytes: Uint8Array): NotText | null {
  const head = bytes.subarray(0, 8192);
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) return "workbook";
  let control = 0;
  for (const b of head) {
    if (b === 0) return "binary";
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control += 1;
  }
  return head.length > 0 && control / head.length > 0.1 ? "binary" : null;
}

/**
 * A CSV file's bytes as import rows, their due dates in ISO 8601 as the import route reads them.
 * Slash dates are read in the order the file shows (a part above 12); when no value tells,
 * a semicolon-separated file (Excel in a European locale) and every language but United States
 * English read them day first.
 */
export function readImportFile(bytes: Uint8Array, { monthFirstLocale = false } = {}): ImportFile {
  const { text, encoding } = decodeCsv(bytes);
  const { table, delimiter, broken } = parseCsv(text);
  const { rows } = importRowsOf(table);
  const dues = rows.map((r) => r.due ?? "").filter((v) => v.trim());
  const fromFile = slashOrderOf(dues);
  const order: SlashOrder = fromFile ?? (delimiter !== ";" && monthFirstLocale ? "month-first" : "day-first");

  const counts = new Map<CsvDateFormat, number>();
  const issues: DueIssue[] = [];
  const normalised = rows.map((row, index) => {
    if (!row.due?.trim()) return row;
    const format = dateFormatOf(row.due, order);
    if (format) counts.set(format, (counts.get(format) ?? 0) + 1);
    const due = normaliseDue(row.due, order);
    if (due === null) {
      issues.push({ row: index + 1, value: row.due });
      return row; // the server rejects it too, and reports the row with the others
    }
    return { ...row, due };
  });
  const dateFormat = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const hasSlashDates = dateFormat === "DD/MM/YYYY" || dateFormat === "MM/DD/YYYY";
  return { rows: normalised, detected: { delimiter, encoding, dateFormat, slashOrderGuessed: hasSlashDates && !fromFile }, issues, broken };
}
