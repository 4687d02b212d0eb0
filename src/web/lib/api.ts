import { apiErrorBody, type ErrorCode } from "@/shared/api-error";
import { twoFactorGate } from "@/web/features/two-factor/two-factor-gate-store";
import { connectivity } from "./connectivity";
import { dropEarlyReads, takeEarly } from "./early-reads";
import { readerLanguageHeader } from "./reader-language";
import { handleUnauthorized } from "./session-expiry";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly fields?: Record<string, string>,
    /** The server's Retry-After, when it said when to come back (a 503 or 429 does). */
    readonly retryAfterMs?: number,
    /** The message is our server's own, written for users (an error body with our code). */
    readonly isOwnMessage = false,
  ) {
    super(message);
  }
}

/**
 * JSON over fetch with the session cookie; failures become ApiError with the server's code. Every
 * outcome is reported to `connectivity`, which shows the banner while the server is unreachable.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const startedAt = performance.now();
  // Offline, nothing is sent: a save fails at once rather than waiting to go out later.
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError(0, "network", "You are offline");
  let res: Response;
  try {
    const method = init.method ?? "GET";
    if (method !== "GET") dropEarlyReads();
    const send = () =>
      fetch(path, {
        method,
        credentials: "same-origin",
        headers: { ...readerLanguageHeader(), ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    // An early answer is used only when it is a good one: a refusal (signed out at boot) is asked again.
    const early = method === "GET" ? await takeEarly(path)?.catch(() => undefined) : undefined;
    res = early?.ok ? early : await send();
  } catch {
    connectivity.failed(startedAt);
    throw new ApiError(0, "network", "The server cannot be reached");
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) {
    connectivity.succeeded(startedAt);
    return data as T;
  }
  const error = errorOf(res, data);
  // The session ended under the page: sign in again at once, keeping drafts and the address.
  if (res.status === 401 && handleUnauthorized(path)) return new Promise<never>(() => {});
  if (isUnreachable(error)) connectivity.failed(startedAt, { retryAfterMs: error.retryAfterMs });
  if (error.code === "two_factor_required") twoFactorGate.required();
  throw error;
}

function errorOf(res: Response, data: unknown): ApiError {
  const retryAfterMs = parseRetryAfter(res.headers.get("Retry-After"));
  const parsed = apiErrorBody.safeParse(data);
  if (parsed.success) return new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields, retryAfterMs, true);
  const message = data && typeof data === "object" && "error" in data && typeof data.error === "string" ? data.error : res.statusText;
  const code = res.status === 403 ? "forbidden" : res.status === 429 ? "rate_limited" : res.status >= 500 ? "unavailable" : "bad_request";
  return new ApiError(res.status, code, message, undefined, retryAfterMs);
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server (or the network to it) is not there right now: no answer, or a gateway or 503 one. */
export const isUnreachable = (e: unknown): e is ApiError =>
  e instanceof ApiError && (e.code === "network" || e.status === 502 || e.status === 503 || e.status === 504);
