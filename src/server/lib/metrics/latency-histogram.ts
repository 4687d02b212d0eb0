/**
 * Latencies counted in buckets a quarter of an octave wide (each bound 19% above the last), from
 * 0.25 ms to about 14 s; anything slower lands in the last one. 64 counters per route and minute
 * keep memory fixed whatever the traffic, and a percentile is off by at most one bucket's width.
 */
export const BUCKETS = 64;
const BASE_MS = 0.25;
const STEPS_PER_OCTAVE = 4;

export const bucketOf = (ms: number): number => {
  if (!(ms > BASE_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log2(ms / BASE_MS) * STEPS_PER_OCTAVE));
};

/** The bucket's upper bound: a percentile is reported as "at most this". */
export const upperBoundOf = (bucket: number): number => BASE_MS * 2 ** (bucket / STEPS_PER_OCTAVE);

export const newHistogram = () => new Uint32Array(BUCKETS);

export function addInto(target: Uint32Array, source: Uint32Array): void {
  for (let i = 0; i < BUCKETS; i++) target[i]! += source[i]!;
}

/**
 * The q-quantile (0 < q ≤ 1) of what the histogram counted, as its bucket's upper bound but never
 * above the slowest request seen (the last bucket has no upper bound of its own). Null when empty.
 */
export function percentileOf(histogram: Uint32Array, q: number, maxMs: number): number | null {
  let total = 0;
  for (let i = 0; i < BUCKETS; i++) total += histogram[i]!;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i]!;
    if (seen >= rank) return Math.round((i === BUCKETS - 1 ? maxMs : Math.min(upperBoundOf(i), maxMs)) * 100) / 100;
  }
  return maxMs;
}
