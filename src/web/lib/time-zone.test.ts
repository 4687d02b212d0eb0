import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone, forgetTimeZone } from "./time-zone";

afterEach(() => {
  vi.restoreAllMocks();
  forgetTimeZone();
});

describe("browserTimeZone", () => {
  it("reads the zone once, and again after forgetTimeZone()", () => {
    forgetTimeZone();
    let zone = "Europe/Berlin";
    const read = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(() => ({ resolvedOptions: () => ({ timeZone: zone }) }) as Intl.DateTimeFormat);
    expect(browserTimeZone()).toBe("Europe/Berlin");
    zone = "Europe/Lisbon";
    expect(browserTimeZone()).toBe("Europe/Berlin");
    expect(read).toHaveBeenCalledTimes(1);
    forgetTimeZone();
    expect(browserTimeZone()).toBe("Europe/Lisbon");
    expect(read).toHaveBeenCalledTimes(2);
  });
});
