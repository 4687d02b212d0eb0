import { useEffect, useMemo, useState } from "react";

// setTimeout fires at once past this many milliseconds (about 24.8 days): longer waits go in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The items not yet expired at `now`, and how long until the first of them expires (null: none will). */
export function unexpiredAt<T>(items: T[], expiresAt: (item: T) => string, now: number): { live: T[]; wakeInMs: number | null } {
  const live = items.filter((item) => Date.parse(expiresAt(item)) > now);
  const next = Math.min(...live.map((item) => Date.parse(expiresAt(item))));
  return { live, wakeInMs: Number.isFinite(next) ? Math.min(next - now, MAX_TIMER_MS) : null };
}

/**
 * The items whose time has not yet run out, kept true while the page stays open: the list drops
 * each one the moment it expires, so a pending invitation never sits there expired until reload.
 */
export function useUnexpired<T>(items: T[] | undefined, expiresAt: (item: T) => string): T[] | undefined {
  const [now, setNow] = useState(() => Date.now());
  const found = useMemo(() => (items ? unexpiredAt(items, expiresAt, now) : null), [items, expiresAt, now]);
  useEffect(() => {
    if (found?.wakeInMs == null) return;
    const timer = setTimeout(() => setNow(Date.now()), found.wakeInMs + 1);
    return () => clearTimeout(timer);
  }, [found]);
  return found?.live;
}
