// Reading the zone builds an Intl.DateTimeFormat, which costs a slow phone ~15 ms the first time
// (the zone data loads; warm-up.ts does it ahead): read once and kept until forgetTimeZone(), when a
// tab comes back (it may be in another zone by then).
let zone: string | undefined;

/** The browser's IANA zone, sent with every dashboard query so "today" is the user's today. */
export const browserTimeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

export const forgetTimeZone = () => {
  zone = undefined;
};
