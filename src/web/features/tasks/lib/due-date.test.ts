import { describe, expect, it } from "vitest";
import { dueState, fromLocalInput, toLocalInput } from "./due-date";

describe("due dates", () => {
  it("turns a datetime-local value into ISO with the local offset, and back", () => {
    const iso = fromLocalInput("2031-05-04T09:30");
    expect(iso).toMatch(/^2031-05-04T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date("2031-05-04T09:30").getTime());
    expect(toLocalInput(iso)).toBe("2031-05-04T09:30");
    expect(fromLocalInput("")).toBeNull();
    expect(toLocalInput(null)).toBe("");
  });

  it("places a due time before, within or after the user's today", () => {
    const now = new Date(2031, 4, 4, 15, 0);
    expect(dueState(null, now)).toBe("none");
    expect(dueState(new Date(2031, 4, 3, 23, 59).toISOString(), now)).toBe("overdue");
    expect(dueState(new Date(2031, 4, 4, 0, 0).toISOString(), now)).toBe("today");
    expect(dueState(new Date(2031, 4, 4, 23, 59).toISOString(), now)).toBe("today");
    expect(dueState(new Date(2031, 4, 5, 0, 0).toISOString(), now)).toBe("later");
  });
});
