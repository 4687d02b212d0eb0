/**
 * Instants and wall-clock times in a time zone. A repeat runs in wall time ("09:00 in Berlin"), so
 * the rule is evaluated on a floating clock (a Date whose UTC fields are the wall time) and each
 * occurrence is turned back into the instant that shows that time there, DST or not.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall time `instant` shows in `tz`, as a floating Date (its UTC fields are that wall time). */
export function toWall(instant: Date, tz: string): Date {
  const parts = Object.fromEntries(formatterOf(tz).formatToParts(instant).map((p) => [p.type, p.value]));
  const ms = instant.getUTCMilliseconds();
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second), ms));
}

/**
 * The instant at which `tz` shows the floating wall time. In the hour a spring change skips, the
 * time after the gap; in the hour an autumn change repeats, the first of the two.
 */
export function fromWall(wall: Date, tz: string): Date {
  const guess = wall.getTime();
  const offsetAt = (t: number) => toWall(new Date(t), tz).getTime() - t;
  // The zone's offsets a day either side: around a change they differ, and one of them (or both) is right.
  const before = offsetAt(guess - 86_400_000);
  const after = offsetAt(guess + 86_400_000);
  const shows = [guess - before, guess - after].filter((t) => toWall(new Date(t), tz).getTime() === guess);
  if (shows.length > 0) return new Date(Math.min(...shows));
  return new Date(guess - before);
}
