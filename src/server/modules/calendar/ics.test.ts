import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, renderCalendar, utcStamp } from "./ics";

const event = (summary: string, description: string | null = null) => ({
  uid: "task-1@example.test",
  stamp: new Date("2026-11-28T10:00:00.123Z"),
  created: new Date("2026-11-01T08:00:00Z"),
  start: new Date("2026-12-01T16:30:00Z"),
  end: new Date("2026-12-01T17:00:00Z"),
  summary,
  description,
  url: "http://localhost/app/tasks/1",
  categories: ["Home, garden"],
  priority: 1,
});

describe("the iCalendar writer", () => {
  it("escapes TEXT as RFC 5545 says", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(escapeText("bell\u0007 tab\t")).toBe("bell tab\t");
  });

  it("folds at 75 octets and never splits a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(100)}🎨${"x".repeat(80)}`;
    const folded = foldLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const part of lines) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(" ")).toBe(true);
    // Unfolding gives the line back, character for character (no broken sequence).
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("writes UTC times with Z", () => {
    expect(utcStamp(new Date("2026-12-01T16:30:00.999Z"))).toBe("20261201T163000Z");
  });

  it("is read back by ical.js exactly: every hostile character, lines ending in CRLF", () => {
    const summary = "Paint, the fence; then \\ relax\nand 🎉 « fête » " + "long ".repeat(30);
    const description = "Line one\nLine two, with; punctuation\n\n" + "ü".repeat(120);
    const text = renderCalendar({ prodId: "-//We Love HQ//Task feed//EN", name: "We Love HQ · tasks", description: "tasks due", events: [event(summary, description)] });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const comp = new ICAL.Component(ICAL.parse(text));
    expect(comp.getFirstPropertyValue("version")).toBe("2.0");
    expect(comp.getFirstPropertyValue("x-wr-calname")).toBe("We Love HQ · tasks");
    const vevent = comp.getFirstSubcomponent("vevent")!;
    const e = new ICAL.Event(vevent);
    expect(e.uid).toBe("task-1@example.test");
    expect(e.summary).toBe(summary);
    expect(e.description).toBe(description);
    expect(e.startDate.toJSDate().toISOString()).toBe("2026-12-01T16:30:00.000Z");
    expect(e.startDate.zone.tzid).toBe("UTC");
    expect(e.endDate.toJSDate().toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect((vevent.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(vevent.getFirstProperty("categories")!.getValues()).toEqual(["Home, garden"]);
  });
});
