import Papa from "papaparse";
import type { CsvDelimiter } from "@/web/lib/csv-format";

export type CsvEncoding = "utf-8" | "windows-1252";

// Windows-1252 bytes 0x80-0x9F (the rest are Latin-1, byte = code point); the five it leaves
// undefined stay as they are, as the WHATWG Encoding standard says. Written out because some
// TextDecoders (Node 20's among them) decode "windows-1252" as Latin-1 and lose the € (0x80).
const cp1252High = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? cp1252High.charCodeAt(b - 0x80) : b)));
  }
  return text;
}

/**
 * A file's text: UTF-8 (a byte-order mark is dropped) when its bytes are valid UTF-8, else
 * Windows-1252, which is what Excel writes for "CSV (semicolon-separated)" in German and French
 * Windows (ä is the single byte 0xE4 there, € is 0x80).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

const delimiters: CsvDelimiter[] = [",", ";", "\t"];

/**
 * A line the file cannot be read past: a quote opened and never closed swallows every line after
 * it into one cell ("unclosedQuote"); a quoted field with text after its closing quote ("badQuote").
 */
export type BrokenLine = { line: number; reason: "unclosedQuote" | "badQuote" };

/** The line (from 1) of a character of the text. */
const lineAt = (text: string, index: number) => {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
};

/**
 * RFC 4180 CSV read by Papa Parse: the delimiter is detected among comma, semicolon and tab (the
 * one that splits the first rows most evenly); quoted fields may hold delimiters, doubled quotes
 * and line breaks; CRLF or LF. Blank lines are skipped. Quotes Papa Parse could not close are
 * reported by line, once each, so the import can refuse the file instead of losing lines.
 */
export function parseCsv(text: string): { table: string[][]; delimiter: CsvDelimiter; broken: BrokenLine[] } {
  const body = text.replace(/^\uFEFF/, "");
  const result = Papa.parse<string[]>(body, { delimitersToGuess: delimiters, skipEmptyLines: "greedy" });
  const found = result.meta.delimiter as CsvDelimiter;
  const broken = new Map<number, BrokenLine>();
  for (const error of result.errors) {
    if (error.code !== "MissingQuotes" && error.code !== "InvalidQuotes") continue;
    const line = lineAt(body, Math.max(0, (error.index ?? 0) - 1));
    const reason = error.code === "MissingQuotes" ? "unclosedQuote" : "badQuote";
    if (broken.get(line)?.reason !== "unclosedQuote") broken.set(line, { line, reason });
  }
  return { table: result.data, delimiter: delimiters.includes(found) ? found : ",", broken: [...broken.values()].sort((a, b) => a.line - b.line) };
}
