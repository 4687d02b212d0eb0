import type { QueryFigures, StatementFigures } from "@/shared/diagnostics";
import { normaliseStatement } from "./normalise-statement";

type Entry = { statement: string; count: number; totalMs: number; maxMs: number };

export const DEFAULT_SLOW_QUERY_MS = 200;
const KEPT_STATEMENTS = 200;
const KEPT_SLOW = 50;
const SHOWN = 20;
const NORMALISED_CACHE = 1_000;

export type QueryStats = {
  record: (text: string, ms: number) => void;
  snapshot: () => QueryFigures;
  readonly thresholdMs: number;
};

/**
 * Time spent per normalised statement since the process started: at most 200 statements by total
 * time (the one with the least gives its place to a new one) and, apart, at most 50 that once took
 * `thresholdMs` or longer (the fastest of them gives way), so a rare slow one is not pushed out by
 * a flood of quick ones. Only the normalised text is kept, never the parameters.
 */
export function createQueryStats({ thresholdMs = DEFAULT_SLOW_QUERY_MS, now = () => new Date() }: { thresholdMs?: number; now?: () => Date } = {}): QueryStats {
  const since = now().toISOString();
  const byStatement = new Map<string, Entry>();
  const slow = new Map<string, Entry>();
  // drizzle sends the same text for the same query shape; normalising it once per text keeps the hot path cheap.
  const normalised = new Map<string, string>();

  const normalise = (text: string) => {
    let found = normalised.get(text);
    if (found === undefined) {
      if (normalised.size >= NORMALISED_CACHE) normalised.clear();
      found = normaliseStatement(text);
      normalised.set(text, found);
    }
    return found;
  };

  const evictSmallest = (map: Map<string, Entry>, by: (e: Entry) => number) => {
    let smallest: string | undefined;
    let least = Infinity;
    for (const [key, entry] of map) if (by(entry) < least) [smallest, least] = [key, by(entry)];
    if (smallest !== undefined) map.delete(smallest);
  };

  const record = (text: string, ms: number) => {
    const statement = normalise(text);
    let entry = byStatement.get(statement);
    if (!entry) {
      entry = slow.get(statement) ?? { statement, count: 0, totalMs: 0, maxMs: 0 };
      if (byStatement.size >= KEPT_STATEMENTS) evictSmallest(byStatement, (e) => e.totalMs);
      byStatement.set(statement, entry);
    }
    entry.count++;
    entry.totalMs += ms;
    if (ms > entry.maxMs) entry.maxMs = ms;
    if (ms >= thresholdMs && !slow.has(statement)) {
      if (slow.size >= KEPT_SLOW) evictSmallest(slow, (e) => e.maxMs);
      slow.set(statement, entry);
    }
  };

  const figures = (e: Entry): StatementFigures => ({ statement: e.statement, count: e.count, meanMs: round(e.totalMs / e.count), maxMs: round(e.maxMs), totalMs: round(e.totalMs) });

  return {
    thresholdMs,
    record,
    snapshot: () => ({
      thresholdMs,
      since,
      slow: [...slow.values()].sort((a, b) => b.maxMs - a.maxMs).slice(0, SHOWN).map(figures),
      topByTotal: [...byStatement.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, SHOWN).map(figures),
    }),
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
