import { useSyncExternalStore } from "react";
import { browserTimeZone, forgetTimeZone } from "./time-zone";

/** The user's day as the server's "today" depends on it: the local date and the zone it is in. */
export type CalendarDay = { day: string; tz: string };

/** A date or time part in two digits: 3 is "03". */
export const pad2 = (n: number) => String(n).padStart(2, "0");

/** The local date of a moment, e.g. "2025-03-01". */
export const localDay = (at: Date) => `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`;

/** Milliseconds from `at` to the next local midnight (a day may be 23 or 25 hours long). */
export const msUntilNextDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1).getTime() - at.getTime();

// A string, so React compares snapshots by value and re-renders only when the day or zone changes.
// Read at most once a second: every task row asks on every render. The midnight timer fires a
// second late, so the new day is never missed for it.
let last = { at: -Infinity, value: "" };
const snapshot = () => {
  const now = Date.now();
  if (now - last.at >= 1000 || now < last.at) last = { at: now, value: `${localDay(new Date(now))}|${browserTimeZone()}` };
  return last.value;
};

// One timer and one set of listeners for every component that asks.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
const notify = () => {
  last = { at: -Infinity, value: "" };
  forgetTimeZone();
  listeners.forEach((listener) => listener());
};
const armMidnight = () => {
  // A second past midnight, so the new date has surely begun; timers of a sleeping tab fire late,
  // which focus and visibilitychange make up for.
  timer = setTimeout(() => {
    notify();
    armMidnight();
  }, msUntilNextDay(new Date()) + 1000);
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    armMidnight();
    window.addEventListener("focus", notify);
    document.addEventListener("visibilitychange", notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    window.removeEventListener("focus", notify);
    document.removeEventListener("visibilitychange", notify);
  };
}

/**
 * Today's date and the browser's zone, re-rendering at local midnight and when a tab left open
 * comes back on another day (or in another zone): queries keyed by it then ask again.
 */
export function useCalendarDay(): CalendarDay {
  const [day, tz] = useSyncExternalStore(subscribe, snapshot).split("|") as [string, string];
  return { day, tz };
}
