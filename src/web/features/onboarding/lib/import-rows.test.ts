import { describe, expect, it } from "vitest";
import { importRowsOf } from "./import-rows";
import { parseCsv } from "./parse-csv";

describe("parseCsv", () => {
  it("handles quotes, commas and line breaks inside quotes, CRLF and a BOM", () => {
    const text = '\uFEFFtitle,project\r\n"Fix ""login"", again",Web\r\n"Two\nlines",Ops\r\n\r\n';
    expect(parseCsv(text)).toEqual({
      delimiter: ",",
      broken: [],
      table: [
        ["title", "project"],
        ['Fix "login", again', "Web"],
        ["Two\nlines", "Ops"],
      ],
    });
  });
  it("keeps empty fields and a last line without a newline", () => {
    expect(parseCsv("a,,c\nd,e,").table).toEqual([
      ["a", "", "c"],
      ["d", "e", ""],
    ]);
  });
  it("detects semicolons and tabs, even when the fields hold commas", () => {
    expect(parseCsv("titel;projekt;priorität\nRechnung prüfen, dringend;Büro;high\nMiete, Juni;Büro;low\n")).toEqual({
      delimiter: ";",
      broken: [],
      table: [
        ["titel", "projekt", "priorität"],
        ["Rechnung prüfen, dringend", "Büro", "high"],
        ["Miete, Juni", "Büro", "low"],
      ],
    });
    expect(parseCsv("title\tproject\nA, B\tWeb\n").delimiter).toBe("\t");
  });
});

describe("importRowsOf", () => {
  it("maps columns by a recognised header in any order", () => {
    const { rows, hasHeader } = importRowsOf(parseCsv("Due Date,Project,Title,Priority\n2026-12-01,Web,Ship it,high\n").table);
    expect(hasHeader).toBe(true);
    expect(rows).toEqual([{ title: "Ship it", project: "Web", priority: "high", due: "2026-12-01" }]);
  });
  it("reads title, project, priority, due by position without a header", () => {
    const { rows, hasHeader } = importRowsOf(parseCsv("Ship it,Web,low\n").table);
    expect(hasHeader).toBe(false);
    expect(rows).toEqual([{ title: "Ship it", project: "Web", priority: "low", due: "" }]);
  });
  it("knows German and French headings", () => {
    expect(importRowsOf([["Titel", "Projekt", "Fälligkeitsdatum"], ["A", "B", "01.12.2026"]]).rows).toEqual([{ title: "A", project: "B", due: "01.12.2026" }]);
    expect(importRowsOf([["Titre", "Projet", "Priorité", "Échéance"], ["A", "B", "low", "01/12/2026"]]).rows).toEqual([{ title: "A", project: "B", priority: "low", due: "01/12/2026" }]);
  });
  it("takes off the ' a spreadsheet export put before a formula-like cell, and only there", () => {
    const { rows } = importRowsOf([["title", "project"], ["'=1+1", "'@ops"], ["'quoted'", "'-x"]]);
    expect(rows).toEqual([
      { title: "=1+1", project: "@ops" },
      { title: "'quoted'", project: "-x" },
    ]);
  });
});
