/**
 * How a spreadsheet in the user's language writes CSV, as Excel does it: English sheets use commas
 * and ISO dates; German and French ones use semicolons (the comma is their decimal mark) and
 * day-first dates. Both the task export and the CSV import read this.
 */
export type CsvDelimiter = "," | ";" | "\t";
export type CsvDateFormat = "YYYY-MM-DD" | "DD.MM.YYYY" | "DD/MM/YYYY" | "MM/DD/YYYY";
export type CsvFormat = { delimiter: CsvDelimiter; dateFormat: CsvDateFormat; decimal: "." | "," };

const formats: Record<string, CsvFormat> = {
  de: { delimiter: ";", dateFormat: "DD.MM.YYYY", decimal: "," },
  fr: { delimiter: ";", dateFormat: "DD/MM/YYYY", decimal: "," },
  en: { delimiter: ",", dateFormat: "YYYY-MM-DD", decimal: "." },
};

/** The format for a language tag ("de", "fr-CH", "en-GB"); languages we do not know write English CSV. */
export function csvFormatFor(language: string | undefined): CsvFormat {
  const base = (language ?? "").toLowerCase().split("-")[0] ?? "";
  return formats[base] ?? formats.en!;
}

/**
 * Whether a slash date like 03/04/2026 is the 3rd of April (day first, Europe's way and the
 * default) or the 4th of March: only United States English writes the month first.
 */
export function slashDatesAreMonthFirst(language: string | undefined): boolean {
  return (language ?? "").toLowerCase() === "en-us";
}

/** The app's language, else the browser's. */
export function currentLanguage(i18nLanguage: string | undefined): string {
  return i18nLanguage || (typeof navigator === "undefined" ? "en" : navigator.language) || "en";
}
