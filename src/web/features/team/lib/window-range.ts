/**
 * Which rows of a fixed-height list are worth rendering: those in the scrolled viewport plus
 * `overscan` either side. The board renders only these, so a column of 2,000 cards mounts (and
 * registers with dnd-kit) a few dozen, and a drag re-renders only those.
 */
export type WindowRange = { start: number; end: number; padTop: number; padBottom: number };

export function windowRange(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): WindowRange {
  if (count === 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(viewport, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(first - overscan, count - 1));
  const end = Math.min(count, first + visible + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
