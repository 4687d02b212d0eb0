import { describe, expect, it } from "vitest";
import type { Task } from "@/shared/work";
import { csvFormatFor } from "@/web/lib/csv-format";
import { csvDue, tasksCsv } from "./tasks-csv";

const task = (over: Partial<Task>): Task => ({
  id: "00000000-0000-4000-8000-000000000001",
  title: "Task",
  description: null,
  project_id: "00000000-0000-4000-8000-000000000002",
  priority: "medium",
  status: "todo",
  due_at: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  projects: { name: "Büro", color: "#6366f1" },
  author_id: null,
  assignee_id: null,
  label_ids: [],
  rank: "a0",
  reminder_minutes: null,
  repeat: null,
  ...over,
});

describe("csvFormatFor", () => {
  it("writes English with commas and ISO dates, German and French with semicolons and their dates", () => {
    expect(csvFormatFor("en")).toEqual({ delimiter: ",", dateFormat: "YYYY-MM-DD", decimal: "." });
    expect(csvFormatFor("de-AT")).toEqual({ delimiter: ";", dateFormat: "DD.MM.YYYY", decimal: "," });
    expect(csvFormatFor("fr")).toEqual({ delimiter: ";", dateFormat: "DD/MM/YYYY", decimal: "," });
    expect(csvFormatFor("pt-BR")).toEqual(csvFormatFor("en"));
  });
});

describe("tasksCsv", () => {
  const tasks = [
    task({ title: "Straße fegen; dann \"Kaffee\"", priority: "high", due_at: "2026-12-01T12:00:00.000Z" }),
    task({ title: "Zwei\nZeilen", status: "done" }),
  ];

  it("writes German Excel's format: BOM, semicolons, DD.MM.YYYY, CRLF, quotes where needed", () => {
    expect(tasksCsv(tasks, csvFormatFor("de"))).toBe(
      '\uFEFFtitle;project;priority;due;status;assignee;labels\r\n"Straße fegen; dann ""Kaffee""";Büro;high;01.12.2026;todo;;\r\n"Zwei\nZeilen";Büro;medium;;done;;\r\n',
    );
  });
  it("writes French dates day first with slashes, English ones as ISO with commas", () => {
    expect(tasksCsv(tasks.slice(0, 1), csvFormatFor("fr")).split("\r\n")[1]).toBe('"Straße fegen; dann ""Kaffee""";Büro;high;01/12/2026;todo;;');
    expect(tasksCsv(tasks.slice(0, 1), csvFormatFor("en")).split("\r\n")[1]).toBe('"Straße fegen; dann ""Kaffee""",Büro,high,2026-12-01,todo,,');
  });
  it("writes the assignee by email and the labels by name, as the import reads them", () => {
    const people = { emailOf: (id: string | null) => (id === "u1" ? "ada@example.eu" : ""), labelName: (id: string) => ({ l1: "Bug", l2: "Urgent" })[id] ?? "" };
    const row = tasksCsv([task({ assignee_id: "u1", label_ids: ["l1", "l2"] })], csvFormatFor("en"), people).split("\r\n")[1];
    expect(row).toBe('Task,Büro,medium,,todo,ada@example.eu,"Bug, Urgent"');
  });
  it("defuses cells a spreadsheet would run as a formula", () => {
    const csv = tasksCsv([task({ title: "=HYPERLINK(\"http://evil\")", projects: { name: "@SUM(A1)", color: "#000000" } }), task({ title: "+1" }), task({ title: "-2" }), task({ title: "\tx" })], csvFormatFor("en"));
    expect(csv.split("\r\n").slice(1, 5)).toEqual([`"'=HYPERLINK(""http://evil"")","'@SUM(A1)",medium,,todo,,`, `"'+1",Büro,medium,,todo,,`, `"'-2",Büro,medium,,todo,,`, `"'\tx",Büro,medium,,todo,,`]);
  });
});

describe("csvDue", () => {
  it("writes an imported bare date (noon UTC) as the bare date, any other time as local date and time", () => {
    expect(csvDue("2026-03-04T12:00:00Z", "DD.MM.YYYY")).toBe("04.03.2026");
    const local = new Date(2026, 2, 4, 9, 30);
    const expected = local.getUTCHours() === 12 && local.getUTCMinutes() === 0 ? "04/03/2026" : "04/03/2026 09:30";
    expect(csvDue(local.toISOString(), "DD/MM/YYYY")).toBe(expected);
    expect(csvDue(null, "YYYY-MM-DD")).toBe("");
  });
});
