import { describe, expect, it } from "vitest";
import { notTextKind, readImportFile } from "./read-import-file";

/** Bytes as Excel writes them: Windows-1252 is one byte a character, given here as \xNN escapes. */
const cp1252 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("readImportFile", () => {
  it("reads German Excel: Windows-1252 umlauts, semicolons, DD.MM.YYYY, a decimal comma in a text field", () => {
    // "Titel;Projekt;Priorität;Fällig" / "Straße fegen;Büro;high;01.12.2026" ... in Windows-1252.
    const bytes = cp1252("Titel;Projekt;Priorit\xe4t;F\xe4llig\r\nStra\xdfe fegen;B\xfcro;high;01.12.2026\r\n\xd6l wechseln (1,5 l);B\xfcro;low;1.2.2027\r\nCaf\xe9 bestellen;B\xfcro;;\r\n");
    const file = readImportFile(bytes);
    expect(file.detected).toEqual({ delimiter: ";", encoding: "windows-1252", dateFormat: "DD.MM.YYYY", slashOrderGuessed: false });
    expect(file.rows).toEqual([
      { title: "Straße fegen", project: "Büro", priority: "high", due: "2026-12-01" },
      { title: "Öl wechseln (1,5 l)", project: "Büro", priority: "low", due: "2027-02-01" },
      { title: "Café bestellen", project: "Büro", priority: "", due: "" },
    ]);
    expect(file.issues).toEqual([]);
  });

  it("reads French Excel: € as the byte 0x80, DD/MM/YYYY read day first", () => {
    const bytes = cp1252("Titre;Projet;Priorit\xe9;\xc9ch\xe9ance\r\nPayer 12,50 \x80;Maison;high;03/04/2026\r\nR\xe9viser;Maison;low;25/12/2026\r\n");
    const file = readImportFile(bytes, { monthFirstLocale: true });
    expect(file.detected).toEqual({ delimiter: ";", encoding: "windows-1252", dateFormat: "DD/MM/YYYY", slashOrderGuessed: false });
    expect(file.rows.map((r) => [r.title, r.project, r.due])).toEqual([
      ["Payer 12,50 €", "Maison", "2026-04-03"],
      ["Réviser", "Maison", "2026-12-25"],
    ]);
  });

  it("decodes every Windows-1252 byte above 0x7F as Windows does (not as Latin-1)", () => {
    const file = readImportFile(cp1252("\x80 \x84Zitat\x93 \x96 \x97 \x99 \x9f \xe4\xf6\xfc\xdf\xe9;Web\r\n"));
    expect(file.rows[0]!.title).toBe("€ „Zitat“ – — ™ Ÿ äöüßé");
  });

  it("reads UTF-8 with a byte-order mark, and quoted fields holding delimiters, quotes and line breaks", () => {
    const file = readImportFile(utf8('\uFEFFtitle,project,priority,due\r\n"Call Zoë, then ""Jürgen""",Büro,high,2026-12-01\r\n"Two\r\nlines; really",Ops,,\r\n'));
    expect(file.detected).toEqual({ delimiter: ",", encoding: "utf-8", dateFormat: "YYYY-MM-DD", slashOrderGuessed: false });
    expect(file.rows).toEqual([
      { title: 'Call Zoë, then "Jürgen"', project: "Büro", priority: "high", due: "2026-12-01" },
      { title: "Two\r\nlines; really", project: "Ops", priority: "", due: "" },
    ]);
  });

  it("reports impossible dates per row and keeps the good rows", () => {
    const file = readImportFile(utf8("title;project;due\nA;Web;31.02.2026\nB;Web;29.02.2028\nC;Web;next week\nD;Web;2026-13-01\nE;Web;30.11.2026 24:00\n"));
    expect(file.rows.map((r) => r.due)).toEqual(["31.02.2026", "2028-02-29", "next week", "2026-13-01", "30.11.2026 24:00"]);
    expect(file.issues).toEqual([
      { row: 1, value: "31.02.2026" },
      { row: 3, value: "next week" },
      { row: 4, value: "2026-13-01" },
      { row: 5, value: "30.11.2026 24:00" },
    ]);
  });

  it("reads a time after the date in the browser's zone", () => {
    const [row] = readImportFile(utf8("title;project;due\nA;Web;01.12.2026 14:05\n")).rows;
    expect(new Date(row!.due!).getTime()).toBe(new Date(2026, 11, 1, 14, 5).getTime());
    expect(row!.due).toMatch(/^2026-12-01T14:05:00[+-]\d{2}:\d{2}$/);
  });

  describe("slash dates", () => {
    it("follow the file when a part above 12 shows the order", () => {
      const monthFirst = readImportFile(utf8("title,project,due\nA,Web,03/04/2026\nB,Web,12/25/2026\n"));
      expect(monthFirst.rows.map((r) => r.due)).toEqual(["2026-03-04", "2026-12-25"]);
      expect(monthFirst.detected).toMatchObject({ dateFormat: "MM/DD/YYYY", slashOrderGuessed: false });
      const dayFirst = readImportFile(utf8("title,project,due\nA,Web,03/04/2026\nB,Web,25/12/2026\n"), { monthFirstLocale: true });
      expect(dayFirst.rows.map((r) => r.due)).toEqual(["2026-04-03", "2026-12-25"]);
    });
    it("are day first when nothing tells, unless a comma-separated file meets United States English", () => {
      const text = "title,project,due\nA,Web,03/04/2026\n";
      expect(readImportFile(utf8(text)).rows[0]!.due).toBe("2026-04-03");
      expect(readImportFile(utf8(text)).detected).toMatchObject({ dateFormat: "DD/MM/YYYY", slashOrderGuessed: true });
      expect(readImportFile(utf8(text), { monthFirstLocale: true }).rows[0]!.due).toBe("2026-03-04");
      expect(readImportFile(utf8(text), { monthFirstLocale: true }).detected).toMatchObject({ dateFormat: "MM/DD/YYYY", slashOrderGuessed: true });
      // Semicolons mean a European Excel wrote the file.
      expect(readImportFile(utf8("title;project;due\nA;Web;03/04/2026\n"), { monthFirstLocale: true }).rows[0]!.due).toBe("2026-04-03");
    });
    it("that mix both orders are read day first, and the impossible ones reported", () => {
      const file = readImportFile(utf8("title,project,due\nA,Web,25/12/2026\nB,Web,12/25/2026\n"));
      expect(file.rows.map((r) => r.due)).toEqual(["2026-12-25", "12/25/2026"]);
      expect(file.issues).toEqual([{ row: 2, value: "12/25/2026" }]);
    });
  });
});

describe("a file with a quote never closed", () => {
  it("names the line where the quote opens, instead of reading the lines after it as one cell", () => {
    const file = readImportFile(utf8('title,project\nSow beans,Garden\n"Water roses,Garden\nMow,Garden\nRake,Garden\n'));
    expect(file.broken).toEqual([{ line: 3, reason: "unclosedQuote" }]);
  });

  it("names a quoted field with text after its closing quote, and reads a well-quoted file as before", () => {
    expect(readImportFile(utf8('title;project\nA;Web\n"B"x;Web\n')).broken).toEqual([{ line: 3, reason: "unclosedQuote" }]);
    const good = readImportFile(utf8('title,project\n"Say ""hi""",Web\n"Two\nlines",Web\n'));
    expect(good.broken).toEqual([]);
    expect(good.rows.map((r) => r.title)).toEqual(['Say "hi"', "Two\nlines"]);
  });
});

describe("notTextKind", () => {
  it("tells a workbook and other bytes from text before anything is parsed", () => {
    expect(notTextKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe("workbook");
    expect(notTextKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("workbook");
    expect(notTextKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBe("binary");
    expect(notTextKind(new Uint8Array(Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41))))).toBe("binary");
    expect(notTextKind(new TextEncoder().encode("title;project\r\nA;Web\tx\n"))).toBeNull();
    expect(notTextKind(new Uint8Array([0xe4, 0x80, 0x3b, 0x0d, 0x0a]))).toBeNull();
    expect(notTextKind(new Uint8Array([]))).toBeNull();
  });
});
