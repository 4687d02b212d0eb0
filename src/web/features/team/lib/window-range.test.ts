import { describe, expect, it } from "vitest";
import { windowRange } from "./window-range";

describe("windowRange", () => {
  it("renders the top of a long column plus overscan, and pads the rest", () => {
    const r = windowRange(2000, 80, 0, 800, 5);
    expect(r).toEqual({ start: 0, end: 16, padTop: 0, padBottom: (2000 - 16) * 80 });
  });

  it("follows the scroll position, keeping overscan above and below", () => {
    const r = windowRange(2000, 80, 8000, 800, 5);
    expect(r.start).toBe(95);
    expect(r.end).toBe(116);
    expect(r.padTop + (r.end - r.start) * 80 + r.padBottom).toBe(2000 * 80);
  });

  it("renders every card of a short column and none of an empty one", () => {
    expect(windowRange(3, 80, 0, 800, 5)).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 0 });
    expect(windowRange(0, 80, 0, 800, 5)).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
  });

  it("clamps a scroll position past the end (the list shrank under it)", () => {
    const r = windowRange(10, 80, 100_000, 800, 5);
    expect(r.start).toBe(9);
    expect(r.end).toBe(10);
  });
});
