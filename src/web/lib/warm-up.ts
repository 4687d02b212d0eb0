import { cn } from "./cn";
import { browserTimeZone } from "./time-zone";

/**
 * Work the first screen of the app does once, done ahead, each step in a task of its own while
 * the page's code and data are on their way: tailwind-merge builds its class map on its first
 * call, and the first Intl object of a language loads its locale data (the time zone for the
 * dashboard's "today", the number format and plural rules for texts like "{{count, number}} days
 * left"). On a phone each cost 15 to 25 ms, inside the render that needed it, which made that
 * render one long task (Lighthouse's blocking time).
 */
export function warmUp(language: string): void {
  const steps = [() => cn("p-0"), () => browserTimeZone(), () => new Intl.PluralRules(language).select(1), () => new Intl.NumberFormat(language).format(1)];
  for (const step of steps) setTimeout(step, 0);
}
