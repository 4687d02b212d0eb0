import { describe, expect, it } from "vitest";
import { importRowsOf } from "./import-rows";
import { parseCsv } from "./parse-csv";

describe("parseCsv", () => {
  it("handles quotes, commas and line breaks inside quotes, CRLF and a BOM", () => {
    const text = '\uFEFFtitle,project\r\n"Fix ""login"", again",Web\r\n"Two\nlines",Ops\n\n';
    expect(parseCsv(text)).toEqual([
      ["title", "project"],
      ['Fix "login", again', "Web"],
      ["Two\nlines", "Ops"],
    ]);
  });
  it("keeps empty fields and a last line without a newline", () => {
    expect(parseCsv("a,,c\nd,e,")).toEqual([
      ["a", "", "c"],
      ["d", "e", ""],
    ]);
  });
});

describe("importRowsOf", () => {
  it("maps columns by a recognised header in any order", () => {
    const { rows, hasHeader } = importRowsOf("Due Date,Project,Title,Priority\n2026-12-01,Web,Ship it,high\n");
    expect(hasHeader).toBe(true);
    expect(rows).toEqual([{ title: "Ship it", project: "Web", priority: "high", due: "2026-12-01" }]);
  });
  it("reads title, project, priority, due by position without a header", () => {
    const { rows, hasHeader } = importRowsOf("Ship it,Web,low\n");
    expect(hasHeader).toBe(false);
    expect(rows).toEqual([{ title: "Ship it", project: "Web", priority: "low", due: "" }]);
  });
});
