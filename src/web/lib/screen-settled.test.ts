import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerScreenReads, whenScreenSettled } from "./screen-settled";

// The extras wait for the page's load, the screen's reads and an idle moment, or 10 s at most.
let pending = 0;
const listeners = new Set<() => void>();
const settle = (n: number) => {
  pending = n;
  listeners.forEach((listener) => listener());
};

beforeEach(() => {
  vi.useFakeTimers();
  pending = 0;
  listeners.clear();
  vi.stubGlobal("window", { setTimeout, clearTimeout, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal("document", { readyState: "complete" });
  // No requestIdleCallback: when-idle.ts falls back to a 1 s timer.
  registerScreenReads({
    pending: () => pending,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("whenScreenSettled", () => {
  it("runs once the browser is idle when no read is pending", () => {
    const work = vi.fn();
    whenScreenSettled(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("waits for the screen's reads, then for another idle moment", () => {
    pending = 2;
    const work = vi.fn();
    whenScreenSettled(work);
    vi.advanceTimersByTime(3_000);
    settle(1);
    vi.advanceTimersByTime(3_000);
    expect(work).not.toHaveBeenCalled();
    settle(0);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it("runs after 10 s even if a read never settles, and only once", () => {
    pending = 1;
    const work = vi.fn();
    whenScreenSettled(work);
    vi.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
    settle(0);
    vi.advanceTimersByTime(20_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("never runs once cancelled", () => {
    pending = 1;
    const work = vi.fn();
    const cancel = whenScreenSettled(work);
    vi.advanceTimersByTime(2_000);
    cancel();
    settle(0);
    vi.advanceTimersByTime(20_000);
    expect(work).not.toHaveBeenCalled();
  });
});
