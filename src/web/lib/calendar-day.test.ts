import { describe, expect, it } from "vitest";
import { localDay, msUntilNextDay } from "./calendar-day";

describe("the calendar day", () => {
  it("is the local date", () => {
    expect(localDay(new Date(2025, 0, 9, 23, 59))).toBe("2025-01-09");
    expect(localDay(new Date(2025, 0, 10, 0, 0))).toBe("2025-01-10");
  });

  it("ends at the next local midnight", () => {
    expect(msUntilNextDay(new Date(2025, 0, 9, 23, 59))).toBe(60_000);
    const noon = new Date(2025, 5, 1, 12);
    expect(localDay(new Date(noon.getTime() + msUntilNextDay(noon)))).toBe("2025-06-02");
    expect(localDay(new Date(noon.getTime() + msUntilNextDay(noon) - 1))).toBe("2025-06-01");
  });
});
