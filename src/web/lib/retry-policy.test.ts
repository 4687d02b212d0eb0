import { describe, expect, it } from "vitest";
import { ApiError, parseRetryAfter } from "./api";
import { backoffMs } from "./backoff";
import { readRetryDelay, shouldRetryRead } from "./retry-policy";

const unavailable = (retryAfterMs?: number) => new ApiError(503, "unavailable", "The database is unavailable", undefined, retryAfterMs);
const network = new ApiError(0, "network", "The server cannot be reached");

describe("reads retry", () => {
  it("three times after a plain failure, never after a refusal", () => {
    const broken = new ApiError(500, "internal", "Something broke");
    expect([0, 1, 2, 3].map((n) => shouldRetryRead(n, broken))).toEqual([true, true, true, false]);
    expect(shouldRetryRead(0, new Error("parse"))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetryRead(0, new ApiError(status, "bad_request", "no"))).toBe(false);
  });

  it("ten times while the server cannot be reached: 503, gateway errors and no answer at all", () => {
    for (const error of [unavailable(), network, new ApiError(502, "unavailable", "Bad gateway"), new ApiError(504, "unavailable", "Timeout")]) {
      expect(shouldRetryRead(9, error)).toBe(true);
      expect(shouldRetryRead(10, error)).toBe(false);
    }
  });

  it("back off 1, 2, 4 … 30 s, and wait at least as long as Retry-After asks", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => readRetryDelay(n, network))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(readRetryDelay(0, unavailable(5000))).toBe(5000);
    expect(readRetryDelay(3, unavailable(5000))).toBe(8000);
    // A server asking for an hour does not stop reads for an hour.
    expect(readRetryDelay(0, unavailable(3_600_000))).toBe(30_000);
  });

  it("backoff never goes below its base for an odd attempt number", () => {
    expect(backoffMs(-1, { baseMs: 2000, capMs: 5000 })).toBe(2000);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    const now = Date.parse("2026-03-01T12:00:00Z");
    expect(parseRetryAfter("1", now)).toBe(1000);
    expect(parseRetryAfter(" 30 ", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
