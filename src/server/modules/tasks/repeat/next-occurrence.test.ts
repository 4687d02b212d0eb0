import { describe, expect, it } from "vitest";
import { nextOccurrence } from "./next-occurrence";
import { fromWall, toWall } from "./wall-time";

const berlin = (rule: string, from: "due" | "completion" = "due") => ({ rule, tz: "Europe/Berlin", from });
const at = (iso: string) => new Date(iso);

describe("wall time", () => {
  it("turns Berlin wall times into instants on both sides of a change", () => {
    expect(fromWall(at("2026-03-27T09:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-27T08:00:00.000Z");
    expect(fromWall(at("2026-03-30T09:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-30T07:00:00.000Z");
    // 02:30 does not exist on 29 March: the time after the gap.
    expect(fromWall(at("2026-03-29T02:30:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October: the first.
    expect(fromWall(at("2026-10-25T02:30:00Z"), "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(toWall(at("2026-10-25T00:30:00Z"), "Europe/Berlin").toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });
});

describe("next occurrence", () => {
  it("keeps a weekly 09:00 Berlin task at 09:00 across the spring and autumn changes", () => {
    // Monday 23 March 2026, 09:00 CET (08:00Z); the clocks go forward on Sunday 29 March.
    const spring = nextOccurrence(berlin("FREQ=WEEKLY;BYDAY=MO"), at("2026-03-23T08:00:00Z"), at("2026-03-23T08:00:00Z"));
    expect(spring?.toISOString()).toBe("2026-03-30T07:00:00.000Z");
    // Monday 19 October, 09:00 CEST (07:00Z); back on Sunday 25 October.
    const autumn = nextOccurrence(berlin("FREQ=WEEKLY;BYDAY=MO"), at("2026-10-19T07:00:00Z"), at("2026-10-19T07:00:00Z"));
    expect(autumn?.toISOString()).toBe("2026-10-26T08:00:00.000Z");
  });

  it("daily, weekdays, chosen days, day N and the last weekday of the month", () => {
    const friday = at("2026-05-15T07:00:00Z"); // Friday 09:00 Berlin
    expect(nextOccurrence(berlin("FREQ=DAILY"), friday, friday)?.toISOString()).toBe("2026-05-16T07:00:00.000Z");
    expect(nextOccurrence(berlin("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), friday, friday)?.toISOString()).toBe("2026-05-18T07:00:00.000Z");
    expect(nextOccurrence(berlin("FREQ=WEEKLY;BYDAY=TU,TH"), friday, friday)?.toISOString()).toBe("2026-05-19T07:00:00.000Z");
    expect(nextOccurrence(berlin("FREQ=MONTHLY;BYMONTHDAY=3"), friday, friday)?.toISOString()).toBe("2026-06-03T07:00:00.000Z");
    // The last weekday of May 2026 is Friday the 29th.
    expect(nextOccurrence(berlin("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"), friday, friday)?.toISOString()).toBe("2026-05-29T07:00:00.000Z");
  });

  it("every 3 days after completion counts from the day it was done, at the task's time of day", () => {
    const due = at("2026-05-15T07:00:00Z");
    const doneLate = at("2026-05-20T16:30:00Z");
    expect(nextOccurrence(berlin("FREQ=DAILY;INTERVAL=3", "completion"), due, doneLate)?.toISOString()).toBe("2026-05-23T07:00:00.000Z");
  });

  it("refuses a rule it cannot read", () => {
    const due = at("2026-05-15T07:00:00Z");
    expect(() => nextOccurrence(berlin("FREQ=WEEKLY;BYDAY=XX"), due, due)).toThrow("cannot be read");
    expect(() => nextOccurrence(berlin("FREQ=DAILY;COUNT=3"), due, due)).toThrow("cannot be read");
  });
});
