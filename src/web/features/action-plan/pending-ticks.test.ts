import { describe, expect, it } from "vitest";
import { PendingTicks, setTick } from "./pending-ticks";

describe("ticks in flight", () => {
  it("puts back only the refused tick, keeping another that is still on its way", () => {
    const ticks = new PendingTicks();
    const a = ticks.send("s1-0", true);
    ticks.send("s1-1", true);
    expect(ticks.failed("s1-0", a)).toBe(true);
    expect(setTick({ "s1-0": true, "s1-1": true }, "s1-0", false)).toEqual({ "s1-1": true });
  });

  it("lays ticks still on their way over an answer that was read before them", () => {
    const ticks = new PendingTicks();
    const a = ticks.send("s1-0", true);
    ticks.send("s1-1", true);
    expect(ticks.settled("s1-0", a, { "s1-0": true }, "2026-11-25T10:00:01Z")).toEqual({ "s1-0": true, "s1-1": true });
  });

  it("does not show an answer older than one already shown", () => {
    const ticks = new PendingTicks();
    const a = ticks.send("s1-0", true);
    const b = ticks.send("s1-1", true);
    expect(ticks.settled("s1-1", b, { "s1-0": true, "s1-1": true }, "2026-11-25T10:00:02Z")).toEqual({ "s1-0": true, "s1-1": true });
    expect(ticks.settled("s1-0", a, { "s1-0": true }, "2026-11-25T10:00:01Z")).toBeNull();
  });

  it("leaves a key alone when a later tick on it is still on its way", () => {
    const ticks = new PendingTicks();
    const first = ticks.send("s1-0", true);
    ticks.send("s1-0", false);
    expect(ticks.failed("s1-0", first)).toBe(false);
    expect(ticks.settled("s1-0", first, { "s1-0": true }, "2026-11-25T10:00:01Z")).toEqual({});
  });
});
