/** Exponential backoff from `baseMs`, never sooner than the server asked (Retry-After), and never past `capMs`. */
export function backoffMs(attempt: number, { baseMs, capMs, retryAfterMs }: { baseMs: number; capMs: number; retryAfterMs?: number }): number {
  return Math.min(Math.max(retryAfterMs ?? 0, baseMs * 2 ** Math.max(0, attempt)), capMs);
}
