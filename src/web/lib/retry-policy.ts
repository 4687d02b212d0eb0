import { ApiError, isUnreachable } from "./api";
import { backoffMs } from "./backoff";

// The spec's data-client numbers: 3 retries, backoff capped at 30 s.
const MAX_RETRIES = 3;
// A server that cannot be reached is passing (a restart, a database failover): reads keep trying
// for about three minutes, and the connection banner refetches them anyway once it is back.
const MAX_UNREACHABLE_RETRIES = 10;

/**
 * Whether a failed read tries again. A refusal (4xx) would only be refused again; a server that
 * is unreachable gets longer than a plain failure. Writes are never retried: see query-client.ts.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (isUnreachable(error)) return failureCount < MAX_UNREACHABLE_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s … up to 30 s, or later when the server's Retry-After says so. */
export const readRetryDelay = (failureCount: number, error: unknown) =>
  backoffMs(failureCount, { baseMs: 1000, capMs: 30_000, retryAfterMs: error instanceof ApiError ? error.retryAfterMs : undefined });
