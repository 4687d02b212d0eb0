import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetTimeZone } from "./time-zone";
import { warmUp } from "./warm-up";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  forgetTimeZone();
});

describe("warmUp", () => {
  it("does the first screen's one-off work later, each step in a task of its own, in the reader's language", () => {
    vi.useFakeTimers();
    const plural = vi.spyOn(Intl, "PluralRules").mockImplementation(function () {
      return { select: () => "one" } as unknown as Intl.PluralRules;
    });
    const number = vi.spyOn(Intl, "NumberFormat").mockImplementation(function () {
      return { format: () => "1" } as unknown as Intl.NumberFormat;
    });
    warmUp("de");
    expect(plural).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(4);
    vi.runOnlyPendingTimers();
    expect(vi.getTimerCount()).toBe(0);
    expect(plural).toHaveBeenCalledWith("de");
    expect(number).toHaveBeenCalledWith("de");
  });
});
