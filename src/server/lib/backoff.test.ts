import { describe, expect, it } from "vitest";
import { backoffDelay, listenerBackoff } from "./backoff";

describe("backoffDelay", () => {
  const backoff = { baseMs: 100, capMs: 2_000 };

  it("doubles from the base and never passes the cap", () => {
    const highest = (failures: number) => backoffDelay(failures, backoff, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6].map(highest)).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
    expect(highest(1_000)).toBe(2_000);
    expect(backoffDelay(50, listenerBackoff, () => 1)).toBe(listenerBackoff.capMs);
  });

  it("is jittered down by at most a half, so it is never zero", () => {
    expect(backoffDelay(3, backoff, () => 0)).toBe(400);
    expect(backoffDelay(3, backoff, () => 0.5)).toBe(600);
    const seen = new Set(Array.from({ length: 50 }, () => backoffDelay(10, backoff)));
    expect(seen.size).toBeGreaterThan(1);
    for (const delay of seen) {
      expect(delay).toBeGreaterThanOrEqual(1_000);
      expect(delay).toBeLessThanOrEqual(2_000);
    }
  });
});
