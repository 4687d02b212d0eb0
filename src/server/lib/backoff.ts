export type Backoff = { baseMs: number; capMs: number };

/** Reconnecting to the LISTEN connection: quick at first, then every 15 s at most. */
export const listenerBackoff: Backoff = { baseMs: 250, capMs: 15_000 };

/**
 * The wait before retry number `failures` (0 for the first): doubling from `baseMs`, never past
 * `capMs`, and jittered down by up to a half so instances that lost the database together do not
 * all come back to it in the same instant.
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(failures, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
